import { z } from 'zod';
import { MAX_LUGARES_POR_SOLICITUD } from '../constants';
import { pagoMessages } from '../messages/pagos';
import { promocionMessages } from '../messages/promociones';
import { reservaMessages } from '../messages/reservas';
import { centavosSchema, idSchema, isoDateTimeSchema } from './common';
import { emailSchema } from './email';
import { claveSchema, promocionSchema } from './promociones';
import { cantidadAsientosSchema, reservaIdSchema } from './reservas';

/** GET /pagos/get/credenciales — which payment gateway the browser uses and its public keys. */
export const credencialesResponseSchema = z.object({
  merchantId: z.string().min(1),
  /** Public key: only creates tokens. The private key never leaves the server. */
  publicKey: z.string().min(1),
  /** Test keys: Openpay's sandbox or Taquilla's built-in one (no real money). */
  sandbox: z.boolean(),
  proveedor: z.enum(['sandbox', 'openpay']),
  /** Scripts to load in order before using window.OpenPay (Openpay.js + its device-data script, or the sandbox's twin). */
  scriptUrls: z.array(z.url({ protocol: /^https?$/ })).min(1),
});
export type Credenciales = z.infer<typeof credencialesResponseSchema>;

// ---------------------------------------------------------------- the sale (spec §7 "Payments")

/** The gateway's charge statuses (Openpay's). */
export const chargeStatusSchema = z.enum(['completed', 'in_progress', 'charge_pending', 'failed', 'cancelled', 'refunded']);
export type ChargeStatusDto = z.infer<typeof chargeStatusSchema>;

/** Meses sin intereses plans Taquilla offers (Openpay's payment_plan.payments). */
export const MESES_SIN_INTERESES = [3, 6, 9, 12] as const;
export const mesesSchema = z.union(MESES_SIN_INTERESES.map((m) => z.literal(m)) as [z.ZodLiteral<3>, z.ZodLiteral<6>, z.ZodLiteral<9>, z.ZodLiteral<12>], {
  error: pagoMessages.MSI_INVALID,
});

/**
 * A meses sin intereses plan in force for a total: the same `total` as paying in one go,
 * `mensualidad` the monthly amount (centavos, rounded up: the bank's last payment is the
 * smaller one).
 */
export const planMsiSchema = z.object({ meses: mesesSchema, mensualidad: z.number().int().nonnegative(), total: z.number().int().nonnegative() });
export type PlanMsi = z.infer<typeof planMsiSchema>;

const promocionIdSchema = z
  .number({ error: promocionMessages.DISCOUNT_CODE_INVALID })
  .int(promocionMessages.DISCOUNT_CODE_INVALID)
  .positive(promocionMessages.DISCOUNT_CODE_INVALID)
  .max(2147483647, promocionMessages.DISCOUNT_CODE_INVALID);

/**
 * POST /pagos/make/cargo (signed-in, verified) and /pagos/make/cargo_invitado (the guest
 * holding the reservation id). Card numbers and CVVs never travel here: `source_id` is the
 * token from OpenPay.token.create, or a saved card's id (signed-in only).
 *
 * `amount` is the total the buyer saw (centavos); the server recomputes it and answers 400
 * `amountMismatch` when it differs. `promocion_id` is the promotion the buyer applied, with
 * `promocion_clave` the code they typed when it is a code's promotion (without the code such an
 * id is 404 'Código de descuento inválido.'); with no promotion the server applies the best
 * automatic one itself. `redirect_url` is accepted for
 * compatibility and ignored: the server builds the terminar_compra URL (no open redirect).
 */
export const makeCargoSchema = z.object({
  reservaId: reservaIdSchema,
  esGeneral: z.boolean().optional().default(false),
  tipoDispositivo: z.literal('web').optional().default('web'),
  source_id: z.string({ error: pagoMessages.SOURCE_REQUIRED }).trim().min(1, pagoMessages.SOURCE_REQUIRED).max(128, pagoMessages.SOURCE_REQUIRED),
  device_session_id: z.string({ error: pagoMessages.DEVICE_REQUIRED }).trim().min(1, pagoMessages.DEVICE_REQUIRED).max(255, pagoMessages.DEVICE_REQUIRED),
  amount: z
    .number({ error: pagoMessages.AMOUNT_INVALID })
    .int(pagoMessages.AMOUNT_INVALID)
    .positive(pagoMessages.AMOUNT_INVALID)
    .max(2147483647, pagoMessages.AMOUNT_INVALID),
  redirect_url: z.string().max(2048).optional(),
  promocion_id: promocionIdSchema.nullish(),
  /** The code behind `promocion_id` (trimmed, upper-cased); required when that promotion is not automatic. */
  promocion_clave: claveSchema.nullish(),
  /** Guest only; ignored: the tickets go to the name and e-mail given when holding (an address sent must still be one). */
  nombre_invitado: z.string().max(200).optional(),
  correo_invitado: emailSchema(reservaMessages.GUEST_EMAIL_REQUIRED).optional(),
  /** Signed-in only: the buyer's payment customer (must be the caller's own) when source_id is a saved card. */
  usuarioOpenpayId: z.string().max(128).nullish(),
  /** Signed-in only: save the new card on the buyer's payment customer before charging. */
  guardarTarjeta: z.boolean().optional().default(false),
  /**
   * Meses sin intereses: one of the event's plans in force for this total (resumen's
   * `planesMsi`); absent or null pays in one go ('Pago de contado').
   */
  meses: mesesSchema.nullish(),
});
export type MakeCargoPayload = z.input<typeof makeCargoSchema>;

export const ventaEventoSchema = z.object({
  id: idSchema,
  nombre: z.string(),
  /** Venue name. */
  recinto: z.string(),
  fecha: isoDateTimeSchema,
});
export type VentaEvento = z.infer<typeof ventaEventoSchema>;

/** An issued ticket: `quemadoUuid` is its QR payload. */
export const boletoVendidoSchema = z.object({
  id: z.uuid(),
  quemadoUuid: z.uuid(),
  /** Section name (the general section for general admission). */
  seccion: z.string(),
  /** Row name and seat number; null for general admission. */
  fila: z.string().nullable(),
  asiento: z.number().int().nullable(),
  /** Base price in centavos. */
  precio: centavosSchema,
});
export type BoletoVendido = z.infer<typeof boletoVendidoSchema>;

/** Answer of make/cargo and make/cargo_invitado. */
export const makeCargoResponseSchema = z.object({
  cargo: z.object({
    id: z.string(),
    status: chargeStatusSchema,
    /** True when the sale is done (tickets issued). */
    pagado: z.boolean(),
    /** 3-D Secure: send the browser to `url`; it comes back to terminar_compra…?id=<charge>. */
    payment_method: z.object({ type: z.literal('redirect'), url: z.url({ protocol: /^https?$/ }) }).optional(),
  }),
  /** The tickets, once paid; empty while 3-D Secure is pending. */
  boletos: z.array(boletoVendidoSchema),
  /** Centavos charged. */
  total: centavosSchema,
  evento: ventaEventoSchema,
  /** Where the tickets e-mail goes: the account's or the guest's address (the caller's own). */
  correo: z.string().optional(),
  /** The guest's id (for terminar_compra_invitado); absent for signed-in buyers. */
  invitadoId: z.uuid().optional(),
});
export type MakeCargoResponse = z.infer<typeof makeCargoResponseSchema>;

/** POST /pagos/check/cargo/{chargeId} */
export const checkCargoSchema = z.object({
  reservaId: reservaIdSchema,
  esGeneral: z.boolean().optional().default(false),
  promocion_id: promocionIdSchema.nullish(),
});
export type CheckCargoPayload = z.input<typeof checkCargoSchema>;

/** POST /pagos/check/cargo_invitado/{invitadoId}/{chargeId} */
export const checkCargoInvitadoSchema = z.object({
  reservaId: reservaIdSchema,
  esGeneral: z.boolean().optional().default(false),
});
export type CheckCargoInvitadoPayload = z.input<typeof checkCargoInvitadoSchema>;

/**
 * Answer of both checks. The charge's state is always read from the gateway; a paid charge
 * issues the tickets (once, however many times it is checked). `id` is the first ticket's
 * id, or the reservation id while unpaid. `message` is one of `pagoMessages` PAYMENT_PAID /
 * PAYMENT_PENDING / PAYMENT_REFUNDED…, or the gateway's Spanish decline message.
 */
export const checkCargoResponseSchema = z.object({
  id: z.uuid(),
  message: z.string(),
  cargo: z.object({ pagado: z.boolean(), status: chargeStatusSchema }),
  total: centavosSchema,
  evento: ventaEventoSchema,
  boletos: z.array(boletoVendidoSchema),
  /** Where the tickets e-mail goes (the caller's own address). */
  correo: z.string().optional(),
});
export type CheckCargoResponse = z.infer<typeof checkCargoResponseSchema>;

/** Totals of a reservation (shared/money computeTotals), centavos. */
export const totalesSchema = z.object({
  subtotal: centavosSchema,
  descuento: centavosSchema,
  boletosGratis: z.number().int().nonnegative(),
  cargoServicio: centavosSchema,
  cargoTarjeta: centavosSchema,
  iva: centavosSchema,
  total: centavosSchema,
});
export type Totales = z.infer<typeof totalesSchema>;

/**
 * POST /pagos/aplicar-promo — a promotion applied to the caller's live hold. A code's promotion
 * needs its code in `clave` (as validar_clave_web took it): its id alone, an unknown or
 * out-of-window promotion are 404 'Código de descuento inválido.'; an automatic one applies by
 * id. 400 with the spec §5 message (category list, minimum quantity, section) when it gives
 * this cart nothing.
 */
export const aplicarPromoSchema = z.object({
  promocionId: promocionIdSchema,
  eventoId: idSchema,
  reservaId: reservaIdSchema,
  clave: claveSchema.optional(),
});
export type AplicarPromoPayload = z.input<typeof aplicarPromoSchema>;
export const aplicarPromoResponseSchema = totalesSchema.extend({
  promocion: promocionSchema,
  message: z.string(),
});
export type AplicarPromoResponse = z.infer<typeof aplicarPromoResponseSchema>;

/** Totals and the promotion the server applied (none: null): `cotizar` and `resumen` alike. */
export const cotizacionSchema = totalesSchema.extend({
  promocion: promocionSchema.nullable(),
});
export type Cotizacion = z.infer<typeof cotizacionSchema>;

/**
 * POST /eventos/{id}/cotizar — the price of a selection before it is held: the seats picked on
 * the map (`asientoIds`), or `cantidad` places of the general section `seccionId`; with `clave`,
 * that code's promotion (400 with the spec §5 message when it gives the selection nothing),
 * otherwise the best automatic one. Same maths and answer as `resumen`, without a hold: the
 * places are not reserved and may be gone when 'Continuar' holds them.
 */
export const cotizarSchema = z.union(
  [
    z.object({
      asientoIds: z.array(idSchema).min(1, reservaMessages.SEATS_REQUIRED).max(MAX_LUGARES_POR_SOLICITUD, reservaMessages.TOO_MANY_PLACES),
      clave: claveSchema.optional(),
    }),
    z.object({ seccionId: idSchema, cantidad: cantidadAsientosSchema, clave: claveSchema.optional() }),
  ],
  { error: reservaMessages.SEATS_REQUIRED },
);
export type CotizarPayload = z.input<typeof cotizarSchema>;

/**
 * GET /eventos/{id}/reservas/{reservaId}/resumen — what make/cargo will charge for the hold
 * without a code: the best automatic promotion (or none) applied by the server.
 */
export const resumenReservaSchema = cotizacionSchema.extend({
  reservaId: reservaIdSchema,
  /**
   * The event's meses sin intereses plans whose minimum this total reaches (empty: none). A
   * card offers them only when it is a credit card of a participating bank; the gateway refuses
   * a plan the card does not take part in.
   */
  planesMsi: z.array(planMsiSchema).optional(),
  /** Whether cash ('Pago en efectivo') and SPEI can still be offered, and until when a reference made now would be payable. */
  diferidos: z.object({ efectivo: isoDateTimeSchema.nullable(), spei: isoDateTimeSchema.nullable() }).optional(),
});
export type ResumenReserva = z.infer<typeof resumenReservaSchema>;

/** POST /webhooks/pagos (site root, no API key) — the gateway's notification; only the charge id is used (it is re-fetched). */
export const webhookSchema = z
  .object({
    type: z.string().max(100).optional(),
    /** Openpay's verification request when the webhook is registered. */
    verification_code: z.string().max(100).optional(),
    transaction: z
      .object({ id: z.string().min(1).max(128) })
      .passthrough()
      .optional(),
  })
  .passthrough();

/** POST /correos/sold-tickets-email* — the tickets e-mail sent again, to the sale's own address. */
export const reenvioBoletosResponseSchema = z.object({
  message: z.string(),
  user: z.object({ email: z.string() }),
});
export type ReenvioBoletosResponse = z.infer<typeof reenvioBoletosResponseSchema>;

// ---------------------------------------------------------------- a new card's type

/**
 * POST /pagos/tipo-tarjeta (the hold's buyer: its account, or whoever holds a guest hold's id):
 * what kind of card a browser token is, so checkout offers meses sin intereses to credit cards
 * only. The token is used up (tokens are single use): the payment tokenises the card again.
 */
export const tipoTarjetaSchema = z.object({
  reservaId: reservaIdSchema,
  token_id: z.string({ error: pagoMessages.SOURCE_REQUIRED }).trim().min(1, pagoMessages.SOURCE_REQUIRED).max(128, pagoMessages.SOURCE_REQUIRED),
  device_session_id: z.string({ error: pagoMessages.DEVICE_REQUIRED }).trim().min(1, pagoMessages.DEVICE_REQUIRED).max(255, pagoMessages.DEVICE_REQUIRED),
});
export type TipoTarjetaPayload = z.input<typeof tipoTarjetaSchema>;

export const tipoTarjetaResponseSchema = z.object({
  /** The gateway's card type: 'credit', 'debit' (or another it names; '' when it does not say). */
  tipo: z.string(),
  marca: z.string(),
  banco: z.string(),
  /** True for a credit card: the event's plans may be offered (its bank still has the last word at the charge). */
  admiteMsi: z.boolean(),
});
export type TipoTarjeta = z.infer<typeof tipoTarjetaResponseSchema>;

// ---------------------------------------------------------------- cash at a store and SPEI

/**
 * POST /pagos/make/referencia (signed-in, verified) and /pagos/make/referencia_invitado: a cash
 * reference ('efectivo') or a SPEI transfer ('spei') for the hold. The hold's places stay
 * 'pendiente de pago' until the reference's deadline; paying it sells them (the gateway's
 * webhook). `amount`, `promocion_id` and `promocion_clave` as for make/cargo.
 */
export const makeReferenciaSchema = z.object({
  reservaId: reservaIdSchema,
  metodo: z.enum(['efectivo', 'spei'], { error: pagoMessages.METHOD_INVALID }),
  amount: z
    .number({ error: pagoMessages.AMOUNT_INVALID })
    .int(pagoMessages.AMOUNT_INVALID)
    .positive(pagoMessages.AMOUNT_INVALID)
    .max(2147483647, pagoMessages.AMOUNT_INVALID),
  promocion_id: promocionIdSchema.nullish(),
  promocion_clave: claveSchema.nullish(),
});
export type MakeReferenciaPayload = z.input<typeof makeReferenciaSchema>;

/** How to pay: the store reference with its barcode, or the SPEI data to type in the bank app. */
export const instruccionesPagoSchema = z.discriminatedUnion('metodo', [
  z.object({ metodo: z.literal('efectivo'), referencia: z.string(), codigoBarrasUrl: z.string() }),
  z.object({
    metodo: z.literal('spei'),
    clabe: z.string(),
    banco: z.string(),
    /** The beneficiary's name to type in the bank app. */
    beneficiario: z.string(),
    /** What to type as the transfer's concept / reference: identifies the payment. */
    referencia: z.string(),
  }),
]);
export type InstruccionesPago = z.infer<typeof instruccionesPagoSchema>;

export const makeReferenciaResponseSchema = z.object({
  cargo: z.object({ id: z.string(), status: chargeStatusSchema, pagado: z.boolean() }),
  instrucciones: instruccionesPagoSchema,
  /** Until when it can be paid; the places are held as 'pendiente de pago' until then. */
  vence: isoDateTimeSchema,
  /** Centavos to pay, exactly. */
  total: centavosSchema,
  evento: ventaEventoSchema,
  correo: z.string().optional(),
  invitadoId: z.uuid().optional(),
  /** The reference as a PDF (same data), for the buyer to print or keep: a path under the API's base (/api/v1), fetched with the API key and session. */
  pdfUrl: z.string(),
  message: z.string(),
});
export type MakeReferenciaResponse = z.infer<typeof makeReferenciaResponseSchema>;
