/**
 * The hold countdown (spec §9): mm:ss derived from `fechaExpiracion`, never from a local
 * decrement, so a throttled background tab or a sleeping laptop shows the truth on its next tick.
 * The browser's clock may be off by minutes; the server's `ahora` gives the offset to correct it.
 */

/**
 * Server clock minus browser clock, in ms. `sentAt`/`receivedAt` bracket the request that
 * carried `serverNow`; the server read its clock somewhere in between, the midpoint is the best guess.
 */
export function clockOffset(serverNow: string, sentAt: number, receivedAt: number): number {
  const server = Date.parse(serverNow);
  if (!Number.isFinite(server)) return 0;
  return server - (sentAt + receivedAt) / 2;
}

/** Milliseconds left on a hold, never negative. An unreadable expiry counts as expired. */
export function remainingMs(fechaExpiracion: string, browserNow: number, offsetMs: number): number {
  const expires = Date.parse(fechaExpiracion);
  if (!Number.isFinite(expires)) return 0;
  return Math.max(0, expires - (browserNow + offsetMs));
}

/**
 * 'mm:ss'. Seconds round up, so '00:00' appears exactly when the hold ends (not a second
 * early). Minutes are not wrapped into hours: a 90-minute hold reads '90:00'.
 */
export function formatMmSs(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
