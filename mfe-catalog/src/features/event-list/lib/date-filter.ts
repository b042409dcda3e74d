import { DEFAULT_TIME_ZONE, SOON_AFTER_DAYS, WEEKEND_START_DAY } from '@taquilla/shared';
import { parseFecha } from '../../../lib/event-order';

/**
 * The home page's date filter (spec §2 "Home / event list", §9).
 *
 * Every comparison happens on calendar days in the *event's* time zone: an event at 23:30 in
 * Mexico City is already "tomorrow" in UTC, and comparing instants would move it into the wrong
 * day (and, on a Sunday night, into the wrong week). "Today" is also taken in the event's zone,
 * so two events in different zones are each judged by their own local calendar.
 *
 * Weeks start on Monday; the weekend is days 5–7 of that week (Friday to Sunday).
 */
export const DATE_FILTERS = ['todas', 'fin-de-semana', 'esta-semana', 'proxima-semana', 'proximamente'] as const;
export type DateFilter = (typeof DATE_FILTERS)[number];

export const DATE_FILTER_LABELS: Record<DateFilter, string> = {
  todas: 'Todas las fechas',
  'fin-de-semana': 'Este fin de semana',
  'esta-semana': 'Esta semana',
  'proxima-semana': 'Próxima semana',
  proximamente: 'Próximamente',
};

export function isDateFilter(value: unknown): value is DateFilter {
  return typeof value === 'string' && (DATE_FILTERS as readonly string[]).includes(value);
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function safeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_TIME_ZONE;
  try {
    dayFormatter(timeZone);
    return timeZone;
  } catch {
    // An unknown zone name from the server should not break the whole list.
    return DEFAULT_TIME_ZONE;
  }
}

/**
 * The calendar day of `instant` in `timeZone`, as a day count since 1970-01-01.
 * Day numbers make week and "days ahead" arithmetic plain integer maths (no DST surprises).
 */
export function localDayNumber(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): number {
  const parts = dayFormatter(safeZone(timeZone)).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Math.round(Date.UTC(get('year'), get('month') - 1, get('day')) / 86_400_000);
}

/** ISO weekday of a day number: Monday = 1 … Sunday = 7 (1970-01-01 was a Thursday). */
export function isoWeekday(dayNumber: number): number {
  return ((((dayNumber + 3) % 7) + 7) % 7) + 1;
}

function mondayOf(dayNumber: number): number {
  return dayNumber - (isoWeekday(dayNumber) - 1);
}

/** Does an event on `fecha` (in `timeZone`) pass `filter`, seen from the instant `now`? */
export function matchesDateFilter(filter: DateFilter, fecha: string | Date | null | undefined, now: Date, timeZone?: string | null): boolean {
  if (filter === 'todas') return true;
  const date = parseFecha(fecha);
  if (!date) return false;
  const zone = safeZone(timeZone);
  const eventDay = localDayNumber(date, zone);
  const today = localDayNumber(now, zone);
  const monday = mondayOf(today);
  switch (filter) {
    case 'fin-de-semana':
      return eventDay >= monday + (WEEKEND_START_DAY - 1) && eventDay <= monday + 6;
    case 'esta-semana':
      return eventDay >= monday && eventDay <= monday + 6;
    case 'proxima-semana':
      return eventDay >= monday + 7 && eventDay <= monday + 13;
    case 'proximamente':
      return eventDay - today > SOON_AFTER_DAYS;
  }
}
