import { z } from 'zod';
import { promocionMessages } from '../messages/promociones';
import { basisPointsSchema, idSchema } from './common';

/** Where a restricted promotion applies: a price category, or a general section. */
export const promocionCategoriaSchema = z.object({
  categoria: z.object({ id: idSchema, nombre: z.string() }).nullable(),
  /** General section: `id` is the section id (`secciones[].id` of detalle_seccion). */
  categoriaGeneral: z.object({ id: idSchema, nombre: z.string() }).nullable(),
});

/** A promotion as the shop shows it (spec §3 "Promotion"). Rates in basis points. */
export const promocionSchema = z.object({
  id: idSchema,
  nombre: z.string(),
  tipo: z.enum(['PORCENTAJE', 'CANTIDAD']),
  /** PORCENTAJE: basis points off the price (2000 = 20 %); null for CANTIDAD. */
  porcentaje: basisPointsSchema.nullable(),
  /** CANTIDAD: buy cantidadCompra, pay cantidadPaga (3 × 2); null for PORCENTAJE. */
  cantidadCompra: z.number().int().positive().nullable(),
  cantidadPaga: z.number().int().nonnegative().nullable(),
  aplicaTodoEvento: z.boolean(),
  categorias: z.array(promocionCategoriaSchema),
  /**
   * The code, only in an answer to a call that sent it (validar_clave_web, aplicar-promo with
   * `clave`); null otherwise, so a promotion's number never reveals its code.
   */
  clave: z.string().nullable(),
  automatica: z.boolean(),
});
export type Promocion = z.infer<typeof promocionSchema>;

const eventoIdBody = z
  .number({ error: promocionMessages.PROMOTION_EVENT_INVALID })
  .int(promocionMessages.PROMOTION_EVENT_INVALID)
  .positive(promocionMessages.PROMOTION_EVENT_INVALID)
  .max(2147483647, promocionMessages.PROMOTION_EVENT_INVALID);

/** POST /promociones/validar_promo_web */
export const validarPromoWebBodySchema = z.object({ evento_id: eventoIdBody });
export const validarPromoWebResponseSchema = z.object({
  /** How many automatic promotions are in force now. */
  total: z.number().int().nonnegative(),
  /** The automatic promotions in force; the checkout applies the best value one to its cart. */
  promocionesAplicaDirecto: z.array(promocionSchema),
});
export type ValidarPromoWebResponse = z.infer<typeof validarPromoWebResponseSchema>;

/** A discount code as the buyer typed it: trimmed and upper-cased (codes are case-insensitive). */
export const claveSchema = z
  .string({ error: promocionMessages.DISCOUNT_CODE_REQUIRED })
  .trim()
  .min(1, promocionMessages.DISCOUNT_CODE_REQUIRED)
  .max(64, promocionMessages.DISCOUNT_CODE_INVALID)
  // Control characters (NUL above all, which PostgreSQL refuses in text) are never in a code.
  .regex(/^[^\u0000-\u001f\u007f]*$/, promocionMessages.DISCOUNT_CODE_INVALID)
  .transform((s) => s.toUpperCase());

/** POST /promociones/validar_clave_web — the code is trimmed and upper-cased. */
export const validarClaveWebBodySchema = z.object({
  clave: claveSchema,
  evento_id: eventoIdBody,
});
export type ValidarClaveWebBody = z.input<typeof validarClaveWebBodySchema>;
