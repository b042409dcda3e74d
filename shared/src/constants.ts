/**
 * Contract constants that zod-free browser code (`api/catalogo`, on /eventos' first load; the
 * message catalogue) and the zod schemas both need: defined here once, with no imports, so
 * either side can take them.
 */

/** The time zone of dates given without one, and an event's default `zonaHoraria` (spec §9). */
export const DEFAULT_TIME_ZONE = 'America/Mexico_City';

/** The device type sent when listing events and in the section-detail path (spec §10). */
export const TIPO_DISPOSITIVO = 'web';

/** Upper bound of one hold request, whatever the event allows (keeps a body from naming 10⁶ seats). */
export const MAX_LUGARES_POR_SOLICITUD = 100;

/** Longest guest name a hold accepts. */
export const MAX_NOMBRE_INVITADO = 100;
