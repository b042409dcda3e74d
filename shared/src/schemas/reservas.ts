/**
 * Holds (spec §7 `reservar`, `reservarInvitado`, `reservar_generales`, `cancelar`; §3
 * Reservation; §5 "Quantity and seats"). One definition, two users: the API validates bodies
 * and answers with these schemas, and the storefront's forms show the same messages.
 *
 * Ids, as the catalogue serves them:
 * - a seat id is `filas_por_seccion` → `filas[].asientos[].id`;
 * - a section id is `detalle_seccion` → `secciones[].id` (also the `seccionId` of
 *   `filas_por_seccion` and of the live-availability events below).
 *
 * Per-event limits (the event's `limiteDeAsientos`, counting the buyer's live hold and bought
 * tickets) are checked by the server, which knows the event: 400 with a Spanish message.
 */
import { z } from 'zod';
import { MAX_LUGARES_POR_SOLICITUD, MAX_NOMBRE_INVITADO } from '../constants';
import { authMessages } from '../messages/auth';
import { reservaMessages } from '../messages/reservas';
import { estadoAsientoSchema } from './catalogo';
import { MAX_INT_ID, idSchema, isoDateTimeSchema } from './common';
import { emailSchema, MAX_EMAIL_LENGTH } from './email';

/** A positive int4 id whose every failure reads `message`. */
const idWith = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_INT_ID, message);

const asientoReservaSchema = z.object({ id: idWith(reservaMessages.SEAT_INVALID) }, { error: reservaMessages.SEAT_INVALID });

/** The seats of one hold: 1..MAX ids, no repeats. */
export const asientosReservaSchema = z
  .array(asientoReservaSchema, { error: reservaMessages.SEATS_REQUIRED })
  .min(1, reservaMessages.SEATS_REQUIRED)
  .max(MAX_LUGARES_POR_SOLICITUD, reservaMessages.TOO_MANY_PLACES)
  .refine((list) => new Set(list.map((a) => a.id)).size === list.length, reservaMessages.SEATS_DUPLICATED);

export const nombreInvitadoSchema = z
  .string({ error: reservaMessages.GUEST_NAME_REQUIRED })
  .trim()
  .min(1, reservaMessages.GUEST_NAME_REQUIRED)
  .max(MAX_NOMBRE_INVITADO, authMessages.NAME_TOO_LONG);

/** The guest's e-mail: the shop's one e-mail rule (schemas/email.ts), normalised. */
export const correoInvitadoSchema = emailSchema(reservaMessages.GUEST_EMAIL_REQUIRED);

/**
 * POST /eventos/{id}/reservar (signed-in, verified buyer). `userEmail` is accepted for
 * compatibility and ignored: the hold belongs to the token's account.
 */
export const reservarSchema = z.object({
  asientosReserva: asientosReservaSchema,
  userEmail: z.string().max(MAX_EMAIL_LENGTH).optional(),
});
export type ReservarPayload = z.infer<typeof reservarSchema>;

/** The guest's name and e-mail (the form shows 'En este correo recibirás tus boletos'). */
export const invitadoSchema = z.object({ nombre: nombreInvitadoSchema, correo: correoInvitadoSchema });
export type InvitadoPayload = z.infer<typeof invitadoSchema>;

/** POST /eventos/{id}/reservarInvitado */
export const reservarInvitadoSchema = invitadoSchema.extend({ asientosReserva: asientosReservaSchema });
export type ReservarInvitadoPayload = z.infer<typeof reservarInvitadoSchema>;

/** Quantity of general-admission places: a whole number from 1 (the event limit is the server's). */
export const cantidadAsientosSchema = z
  .number({ error: reservaMessages.QUANTITY_INVALID })
  .int(reservaMessages.QUANTITY_INVALID)
  .min(1, reservaMessages.QUANTITY_INVALID)
  .max(MAX_LUGARES_POR_SOLICITUD, reservaMessages.TOO_MANY_PLACES);

/**
 * POST /eventos/{id}/reservar_generales. A signed-in buyer sends no nombre/correo (ignored if
 * sent); a guest must send both (the server answers 400 with the guest messages otherwise).
 */
export const reservarGeneralesSchema = z.object({
  cantidadAsientos: cantidadAsientosSchema,
  seccionId: idWith(reservaMessages.SECTION_INVALID),
  nombre: z.string().optional(),
  correo: z.string().optional(),
});
export type ReservarGeneralesPayload = z.infer<typeof reservarGeneralesSchema>;

/**
 * POST /eventos/{id}/mejores_lugares ('Mejores lugares disponibles', decision 0032): `cantidad`
 * seats of the price category `categoriaId` (categorias_evento.id; `seccionId` to stay in one
 * section), picked and held by the server. `separados: true` accepts the split it proposed when
 * no block of `cantidad` adjacent seats is left; `sillaDeRuedas: true` asks for a wheelchair
 * place with its companion seats. Buyer as in reservar_generales: a session, or nombre/correo.
 */
export const mejoresLugaresSchema = z.object({
  categoria: z
    .string({ error: reservaMessages.BEST_CATEGORY_INVALID })
    .trim()
    .min(1, reservaMessages.BEST_CATEGORY_INVALID)
    .max(200, reservaMessages.BEST_CATEGORY_INVALID),
  cantidad: cantidadAsientosSchema,
  seccionId: idWith(reservaMessages.SECTION_INVALID).optional(),
  separados: z.boolean().optional().default(false),
  sillaDeRuedas: z.boolean().optional().default(false),
  nombre: z.string().optional(),
  correo: z.string().optional(),
});
export type MejoresLugaresPayload = z.input<typeof mejoresLugaresSchema>;

/** A reservation id: an unguessable uuid (holding it is what lets a guest see or cancel the hold). */
export const reservaIdSchema = z.uuid({ error: reservaMessages.RESERVATION_INVALID });

/** POST /eventos/{id}/cancelar. Idempotent: cancelling twice answers the same. */
export const cancelarSchema = z.object({
  reservaId: reservaIdSchema,
  esGeneral: z.boolean().optional().default(false),
});
export type CancelarPayload = z.input<typeof cancelarSchema>;

/**
 * Answer of the three reserve calls. `id === reservaId`; fechaExpiracion is ISO UTC.
 * `tokenReserva` (added to the spec's answer): the browser's hold token, an opaque value to send
 * back in the `X-Reserva-Token` header on every later reserve call. A guest's live hold is
 * replaced only by a hold sent with the same token, never by its e-mail alone; the API issues
 * a new token when the request carries none.
 */
export const reservaCreadaSchema = z.object({
  id: reservaIdSchema,
  reservaId: reservaIdSchema,
  fechaExpiracion: isoDateTimeSchema,
  tokenReserva: z.string().optional(),
});
export type ReservaCreada = z.infer<typeof reservaCreadaSchema>;

export const ESTADOS_RESERVA = ['activa', 'cancelada', 'vendida', 'expirada'] as const;
export const estadoReservaSchema = z.enum(ESTADOS_RESERVA);
export type EstadoReserva = z.infer<typeof estadoReservaSchema>;

/** Answer of cancelar: the reservation's state afterwards ('cancelada', or 'expirada' if it ran out first). */
export const cancelarResponseSchema = z.object({ reservaId: reservaIdSchema, estado: estadoReservaSchema });
export type CancelarResponse = z.infer<typeof cancelarResponseSchema>;

export const asientoReservadoSchema = z.object({
  id: idSchema,
  numero: z.number().int().nonnegative(),
  /** Row name. */
  fila: z.string(),
  /** Price category name. */
  categoria: z.string(),
  /** Centavos. */
  precio: z.number().int().nonnegative(),
});
export type AsientoReservado = z.infer<typeof asientoReservadoSchema>;

/**
 * Answer of mejores_lugares. 201 `reservado: true`: the seats are held (a hold like reservar's:
 * reservaId, fechaExpiracion, tokenReserva). 200 `reservado: false`: no block of adjacent seats
 * is left, `asientos` is the proposed split (nothing held; ask again with `separados: true`).
 * `grupos`: how many runs of adjacent seats `asientos` makes (1 = all together).
 */
export const mejoresLugaresRespuestaSchema = z.object({
  reservado: z.boolean(),
  reservaId: reservaIdSchema.optional(),
  id: reservaIdSchema.optional(),
  fechaExpiracion: isoDateTimeSchema.optional(),
  tokenReserva: z.string().optional(),
  seccionId: idSchema,
  grupos: z.number().int().positive(),
  asientos: z.array(asientoReservadoSchema),
});
export type MejoresLugaresRespuesta = z.infer<typeof mejoresLugaresRespuestaSchema>;

/**
 * GET /eventos/{id}/reservas/{reservaId} — a hold as its owner sees it (after a page reload).
 * Only the account that made it, or anyone holding the id of a guest hold, gets it; anything
 * else is 404. `ahora` is the server's clock, so a countdown can correct the browser's.
 */
export const reservaDetalleSchema = z.object({
  reservaId: reservaIdSchema,
  eventoId: idSchema,
  estado: estadoReservaSchema,
  esGeneral: z.boolean(),
  fechaExpiracion: isoDateTimeSchema,
  /** The section of the held places (a seat hold is always within one section). */
  seccionId: idSchema,
  /** Number of places held (seats or general places). */
  cantidad: z.number().int().nonnegative(),
  /** Held seats, in layout order; empty for general admission. */
  asientos: z.array(asientoReservadoSchema),
  ahora: isoDateTimeSchema,
});
export type ReservaDetalle = z.infer<typeof reservaDetalleSchema>;

// ---------------------------------------------------------------- live availability (SSE)

/**
 * GET /eventos/{id}/disponibilidad?apiKey=… — a text/event-stream (EventSource cannot send
 * headers, so the API key travels in the query). Event names and their `data` JSON:
 */
export const DISPONIBILIDAD_EVENTOS = { asientos: 'asientos', general: 'general', recargar: 'recargar' } as const;

/**
 * event: asientos — seats of one section whose served state changed (held, released, expired,
 * sold), with `version`: the section's version these states make (filas_por_seccion's
 * `version`). A client holding a snapshot of version V applies only the deltas with a greater one.
 */
export const disponibilidadAsientosSchema = z.object({
  seccionId: idSchema,
  asientos: z.array(z.object({ id: idSchema, estado: estadoAsientoSchema })),
  version: z.number().int().nonnegative().optional(),
});
export type DisponibilidadAsientos = z.infer<typeof disponibilidadAsientosSchema>;

/** event: general — places free now in one general-admission section. */
export const disponibilidadGeneralSchema = z.object({
  seccionId: idSchema,
  disponibles: z.number().int().nonnegative(),
});
export type DisponibilidadGeneral = z.infer<typeof disponibilidadGeneralSchema>;

/**
 * event: recargar — the stream was opened with `?seccion=S&desde=V` and this process no longer
 * has every change of section S since version V: read filas_por_seccion again.
 */
export const disponibilidadRecargarSchema = z.object({ seccionId: idSchema });
export type DisponibilidadRecargar = z.infer<typeof disponibilidadRecargarSchema>;
