import { differenceInCalendarDays } from 'date-fns';
import { DEFAULT_TIME_ZONE, messages, toZoned, type DateInput } from '@taquilla/shared';
import { catalogoMessages } from '@taquilla/shared/messages/catalogo';

/**
 * Calendar days from today to the event's day, both read on Mexico City's wall clock (or the
 * event's own zone): an event at 00:30 tomorrow is 1 day away even at 23:59 tonight, and one
 * at 20:00 today is today until midnight there, whatever the phone's zone. null: no valid date.
 */
export function daysUntil(fecha: DateInput | null | undefined, now: DateInput, timeZone: string = DEFAULT_TIME_ZONE): number | null {
  if (fecha === null || fecha === undefined || fecha === '') return null;
  const event = toZoned(fecha, timeZone);
  if (Number.isNaN(event.getTime())) return null;
  return differenceInCalendarDays(event, toZoned(now, timeZone));
}

/** The card's countdown label (spec §2): 'Dentro de N día(s)' · '¡Hoy es el evento!' · 'El evento ya pasó'. */
export function countdownLabel(days: number | null): string {
  if (days === null) return messages.INVALID_DATE;
  if (days > 0) return `Dentro de ${days} día(s)`;
  if (days === 0) return '¡Hoy es el evento!';
  return catalogoMessages.EVENT_PAST;
}

/** 'Boleto' for one, 'Boletos' otherwise (spec §2). */
export function boletosLabel(count: number): string {
  return count === 1 ? 'Boleto' : 'Boletos';
}
