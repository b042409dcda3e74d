/**
 * The month rule (decision 0034): a purchase may be invoiced until its calendar month ends in
 * Mexico City time — a purchase paid on 31 March at 23:30 there has until 23:59:59 that day.
 */

/** Offset of `zona` from UTC at `at`, in ms (local − UTC). */
function offsetMs(at: Date, zona: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zona,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return local - Math.floor(at.getTime() / 1000) * 1000;
}

/** The first instant of the month after the one `at` falls in, in `zona`: requests are taken before it. */
export function finDelMes(at: Date, zona: string): Date {
  const local = new Date(at.getTime() + offsetMs(at, zona));
  const guess = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1);
  // Local midnight of the 1st → UTC, with the offset in force then (once more in case it changed).
  let utc = guess - offsetMs(new Date(guess), zona);
  utc = guess - offsetMs(new Date(utc), zona);
  return new Date(utc);
}

/** 'YYYY-MM-DDTHH:mm:ss', local time of `zona` (a CFDI's Fecha). */
export function fechaLocal(at: Date, zona: string): string {
  const local = new Date(Math.floor(at.getTime() / 1000) * 1000 + offsetMs(at, zona));
  return local.toISOString().slice(0, 19);
}
