/**
 * An RFC 5545 calendar file (.ics) for one event: the tickets e-mail attaches it and the
 * buyer's wallet downloads it ('Agregar al calendario'). One builder so both say the same.
 * Import from `@taquilla/shared/calendar`.
 */
export interface CalendarEvent {
  nombre: string;
  /** Venue, and city when known: what the calendar shows as the place. */
  recinto: string;
  fecha: Date;
}

/** How long an event is assumed to last: the shop does not store an end time. */
export const EVENT_DURATION_MS = 3 * 3600_000;

/** RFC 5545 text: backslash, semicolon, comma and newlines escaped. */
const icsText = (v: string) => v.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
const icsDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** `uid` must be stable per purchase, so importing the file twice updates one calendar entry. */
export function eventoIcs(evento: CalendarEvent, uid: string, now: Date = new Date()): string {
  const end = new Date(evento.fecha.getTime() + EVENT_DURATION_MS);
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Taquilla//Boletos//ES',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${uid}@taquilla`,
    `DTSTAMP:${icsDate(now)}`,
    `DTSTART:${icsDate(evento.fecha)}`,
    `DTEND:${icsDate(end)}`,
    `SUMMARY:${icsText(evento.nombre)}`,
    `LOCATION:${icsText(evento.recinto)}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
