/**
 * Seed dates relative to "now", as calendar days in Mexico City, so every date filter of the
 * catalogue (this weekend, this week, next week, more than 15 days) has events.
 */
const ZONE = 'America/Mexico_City';

function localParts(now: Date): { y: number; m: number; d: number; weekday: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, year: 'numeric', month: 'numeric', day: 'numeric', weekday: 'short' }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday')) + 1;
  return { y: Number(get('year')), m: Number(get('month')), d: Number(get('day')), weekday };
}

/** Offset of ZONE at an instant, e.g. '-06:00'. */
function zoneOffset(at: Date): string {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ??
    'GMT-06:00';
  return name === 'GMT' ? '+00:00' : name.replace('GMT', '');
}

export interface SeedCalendar {
  /** ISO string for local day `today + offsetDays` at hh:mm (Mexico City). */
  at(offsetDays: number, hh: number, mm?: number): string;
  /** Days from today to a weekday of this week (1 = Monday … 7 = Sunday); negative if past. */
  toWeekday(weekday: number): number;
  weekday: number;
  now: Date;
}

export function seedCalendar(now: Date = new Date()): SeedCalendar {
  const { y, m, d, weekday } = localParts(now);
  return {
    now,
    weekday,
    toWeekday: (w) => w - weekday,
    at(offsetDays, hh, mm = 0) {
      const base = new Date(Date.UTC(y, m - 1, d + offsetDays, 12));
      const ymd = base.toISOString().slice(0, 10);
      const local = `${ymd}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00${zoneOffset(base)}`;
      return new Date(local).toISOString();
    },
  };
}

/**
 * A time later today-or-this-week that is still in the future: the requested local day/time,
 * or, when that has passed, two hours from now (same local day in practice).
 */
export function futureOr(iso: string, now: Date): string {
  const t = new Date(iso);
  return t.getTime() > now.getTime() + 60 * 60 * 1000 ? iso : new Date(now.getTime() + 2 * 60 * 60 * 1000).toISOString();
}
