import './zod-csp';
import { z } from 'zod';
import { catalogoMessages } from '../messages/catalogo';

/**
 * Building blocks shared by every DTO schema.
 *
 * Units, once for the whole API:
 * - Money is an integer number of **centavos** (MXN × 100): `12550` is $125.50.
 * - Rates are integers in **basis points** (1/100 of a percent): `1600` is 16 %, `350` is 3.5 %.
 *   amount × rate / 10000 gives the charge (rounding rule lives with the fee maths in shared).
 * - Dates are ISO 8601 strings in UTC (`2026-12-05T02:30:00.000Z`); an event also carries its
 *   IANA time zone so "this weekend" etc. are judged in the event's local time.
 */

/** Integer centavos, never negative. */
export const centavosSchema = z.number().int().nonnegative().describe('Dinero en centavos (MXN × 100)');

/** Integer basis points: 10000 = 100 %. */
export const basisPointsSchema = z.number().int().min(0).max(10000).describe('Tasa en puntos base (1600 = 16 %)');

/** ISO date-time string, UTC. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true }).describe('Fecha ISO 8601');

/** Database ids of catalogue entities are positive integers (int4). */
export const MAX_INT_ID = 2147483647;
export const idSchema = z.number().int().positive().max(MAX_INT_ID);

/**
 * A numeric id as it arrives in a URL segment: digits only, within int4. Anything else is a
 * 400 (never a 500 from the database).
 */
export const idParamSchema = z
  .string()
  .regex(/^[0-9]{1,10}$/, catalogoMessages.ID_INVALID)
  .transform((s) => Number(s))
  .refine((n) => n >= 1 && n <= MAX_INT_ID, catalogoMessages.ID_OUT_OF_RANGE);

/** Uuid ids (reservas, cargos, boletos, invitados, usuarios). */
export const uuidSchema = z.uuid();

/** The error body of every non-2xx answer. Validation errors carry an array of messages. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.union([z.string(), z.array(z.string())]),
  /** Stable machine code of the domain error, e.g. 'EVENTO_NO_ENCONTRADO'. */
  code: z.string().optional(),
  /** True when a promotion caused the refusal (unknown, not applicable, used up): pay without it. */
  isPromoError: z.literal(true).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
