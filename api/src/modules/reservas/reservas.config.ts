/** Settings of the holds module, from the environment (read when the app is built). */
export interface HoldConfig {
  /** How long a hold lives (HOLD_MINUTES, default 10; decimals allowed, e.g. 0.1 for a test harness). */
  holdMinutes: number;
  /** Interval of the expiry job in seconds (HOLD_SWEEP_SECONDS, default 1; 0 turns it off). */
  sweepSeconds: number;
  /** SSE heartbeat comment interval in seconds (SSE_HEARTBEAT_SECONDS, default 15). */
  heartbeatSeconds: number;
}

function positive(value: string | undefined, fallback: number, allowZero = false): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) && (n > 0 || (allowZero && n === 0)) ? n : fallback;
}

export function readHoldConfig(env: NodeJS.ProcessEnv = process.env): HoldConfig {
  return {
    holdMinutes: positive(env.HOLD_MINUTES, 10),
    sweepSeconds: positive(env.HOLD_SWEEP_SECONDS, 1, true),
    heartbeatSeconds: positive(env.SSE_HEARTBEAT_SECONDS, 15),
  };
}
