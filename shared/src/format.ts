import { TZDate } from '@date-fns/tz';
import { addDays, addWeeks, endOfWeek, format, isValid, startOfDay, startOfWeek } from 'date-fns';
import { es } from 'date-fns/locale/es';
import { DEFAULT_TIME_ZONE } from './constants';
import { messages } from './messages/core';

export { DEFAULT_TIME_ZONE };

/** es-MX formatting (spec §9): MXN, 'dd MMMM yyyy, hh:mmaa', weeks start on Monday. */
export const LOCALE = 'es-MX';
export const CURRENCY = 'MXN';
export const DATE_TIME_PATTERN = 'dd MMMM yyyy, hh:mmaa';
export const WEEK_STARTS_ON = 1 as const;
/** ISO weekday (Monday = 1) on which the weekend starts: spec "from day 5 of the week" → Friday. */
export const WEEKEND_START_DAY = 5;
/** The 'soon' filter: more than this many days ahead. */
export const SOON_AFTER_DAYS = 15;

const moneyFormat = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY });

/** Money travels as integer centavos; 123450 → '$1,234.50'. */
export function formatMoney(centavos: number): string {
  return moneyFormat.format(centavos / 100);
}

/**
 * A row as the buyer reads it: 'Fila B', but a row whose name already says what it is
 * ('Mesa 2', 'Palco 1': a word, then its number) stands alone — never 'Fila Mesa 2'.
 */
export function filaLabel(nombre: string): string {
  return /^\p{L}{2,}\s+\S/u.test(nombre.trim()) ? nombre.trim() : `Fila ${nombre}`;
}

export type DateInput = Date | string | number;

/** Whether an event at `fecha` has begun (the server stops selling at that moment too). */
export function hasPassed(fecha: DateInput, now: DateInput = Date.now()): boolean {
  return new Date(fecha).getTime() <= new Date(now).getTime();
}

/** The instant seen on the wall clock of `timeZone` (default Mexico City). */
export function toZoned(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): TZDate {
  const time = value instanceof Date ? value.getTime() : new Date(value).getTime();
  return new TZDate(time, timeZone);
}

/** '05 enero 2026, 03:07PM'; anything unparseable → 'Fecha inválida'. */
export function formatDateTime(value: DateInput | null | undefined, options: { timeZone?: string; pattern?: string } = {}): string {
  if (value === null || value === undefined || value === '') return messages.INVALID_DATE;
  const zoned = toZoned(value, options.timeZone);
  if (!isValid(zoned)) return messages.INVALID_DATE;
  return format(zoned, options.pattern ?? DATE_TIME_PATTERN, { locale: es });
}

/** Same rules with any date-fns pattern, e.g. formatDate(fecha, 'dd MMM'). */
export function formatDate(value: DateInput | null | undefined, pattern: string, timeZone?: string): string {
  return formatDateTime(value, { pattern, timeZone });
}

export interface DateRange {
  from: TZDate;
  to: TZDate;
}

/** Monday 00:00 of the week containing `value`, in `timeZone`. */
export function startOfWeekMx(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): TZDate {
  return startOfWeek(toZoned(value, timeZone), { weekStartsOn: WEEK_STARTS_ON });
}

/** Sunday 23:59:59.999 of the week containing `value`, in `timeZone`. */
export function endOfWeekMx(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): TZDate {
  return endOfWeek(toZoned(value, timeZone), { weekStartsOn: WEEK_STARTS_ON });
}

export function thisWeekRange(now: DateInput, timeZone: string = DEFAULT_TIME_ZONE): DateRange {
  return { from: startOfWeekMx(now, timeZone), to: endOfWeekMx(now, timeZone) };
}

export function nextWeekRange(now: DateInput, timeZone: string = DEFAULT_TIME_ZONE): DateRange {
  const next = addWeeks(toZoned(now, timeZone), 1);
  return { from: startOfWeekMx(next, timeZone), to: endOfWeekMx(next, timeZone) };
}

export function weekendRange(now: DateInput, timeZone: string = DEFAULT_TIME_ZONE): DateRange {
  return {
    from: startOfDay(addDays(startOfWeekMx(now, timeZone), WEEKEND_START_DAY - 1)),
    to: endOfWeekMx(now, timeZone),
  };
}

/** 'Pronto': from the start of day (today + 16) onwards — more than 15 days ahead. */
export function soonFrom(now: DateInput, timeZone: string = DEFAULT_TIME_ZONE): TZDate {
  return startOfDay(addDays(toZoned(now, timeZone), SOON_AFTER_DAYS + 1));
}

export function isInRange(value: DateInput, range: DateRange): boolean {
  const time = new Date(value).getTime();
  return time >= range.from.getTime() && time <= range.to.getTime();
}
