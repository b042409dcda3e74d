import type { RateLimitStoreOptions } from '../../plugins/rate-limit';

/**
 * When the release judge acts (decision 0026 says why these values). A version is judged on the
 * sessions that used it; its error rate is sessions that saw one of its errors over sessions.
 */
export interface JudgeThresholds {
  /** JUICIO_MIN_SESIONES (40): sessions the judged version needs before it is judged at all. */
  minSessions: number;
  /** JUICIO_FACTOR (2): its error rate must be at least this many times the baseline's… */
  factor: number;
  /** JUICIO_MARGEN (0.05): …and at least this much above it (5 percentage points)… */
  margin: number;
  /** JUICIO_Z (3): …and the difference must be this many standard errors (a two-proportion z-test). */
  z: number;
  /**
   * JUICIO_TASA_SIN_BASE (0.25): a plain release whose previous version has fewer than
   * minSessions sessions to compare with is rolled back only at this error rate or above.
   */
  rateWithoutBaseline: number;
  /** JUICIO_HORAS_BASE (24): the previous version's sessions in this many hours before the change are its baseline. */
  baselineHours: number;
}

export interface TelemetriaConfig {
  /**
   * Beacons per client IP and window (TELEMETRIA_MAX_POR_IP, default 60; TELEMETRIA_VENTANA_MS,
   * one minute). A tab sends one every few seconds at most while something happens, and one when
   * it is hidden; 60 a minute leaves room for several buyers behind one address.
   */
  perIp: { max: number; windowMs: number };
  limitStore: RateLimitStoreOptions;
  /** JUICIO_CADA_MS (15000; 0 turns the release judge off): how often each API process tries to judge. */
  judgeEveryMs: number;
  thresholds: JudgeThresholds;
  /** Who automatic changes are recorded as in the audit log. */
  actor: string;
}
