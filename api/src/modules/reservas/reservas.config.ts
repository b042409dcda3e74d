import type { RateLimitStoreOptions } from '../../plugins/rate-limit';

/** Settings of the holds module: the `holds` slice of the one configuration (src/config/). */
export interface HoldConfig {
  /** How long a hold lives (HOLD_MINUTES, default 10; decimals allowed, e.g. 0.1 for a test harness). */
  holdMinutes: number;
  /** Interval of the expiry job in seconds (HOLD_SWEEP_SECONDS, default 1; 0 turns it off). */
  sweepSeconds: number;
  /** SSE heartbeat comment interval in seconds (SSE_HEARTBEAT_SECONDS, default 15). */
  heartbeatSeconds: number;
  /**
   * Hold attempts per client IP and window, the three hold routes together (HOLD_MAX_PER_IP,
   * default 120, 0 turns it off; HOLD_LIMIT_WINDOW_MS, default one minute). A buyer picks seats
   * between attempts, a few a minute even when racing for seats; 120 leaves room for a household
   * or an office behind one address, and stops one client from hoarding an on-sale's seats with
   * scripted holds or crowding out the database.
   */
  perIp: { max: number; windowMs: number };
  /**
   * Cancellations per client IP in the same window (HOLD_CANCEL_MAX_PER_IP, default 120, 0 turns
   * it off): one per hold attempt, so a buyer who cancels every hold they make is never refused.
   */
  cancelPerIp: { max: number };
  /**
   * Places one client without an account holds at the same time on one event, counted from the
   * live holds in the database (decision 0018; 0 turns a cap off): per address, whatever e-mails
   * it used (HOLD_MAX_PLACES_PER_IP, default 50), and per browser, by its hold token
   * (HOLD_MAX_PLACES_PER_DEVICE, default 20, never below the event's own per-buyer limit).
   * Holds made with a verified account count against that account's limit instead.
   */
  places: { perIp: number; perDevice: number };
  /** Where the attempt counters live (REDIS_URL shares them between API processes). */
  limitStore: RateLimitStoreOptions;
  /**
   * Availability streams open at once in this process (decision 0020). `perClient`
   * (SSE_MAX_STREAMS_PER_IP, default 40): per client IP as `request.ip` sees it (TRUST_PROXY).
   * One buyer needs one or two (a tab or two on a map); a household, an office or a mobile
   * carrier's CGNAT puts several buyers behind one address, and those past the cap still see
   * live seats by polling. `perProcess` (SSE_MAX_STREAMS, default 3000; 0 = no streams, every
   * map polls): each stream holds a socket, so this stays well under the process's file limit.
   */
  streams: { perClient: number; perProcess: number };
}
