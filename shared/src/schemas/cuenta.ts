/**
 * DTOs of the account area (spec §2 "Profile area", §3 Event/Ticket/Saved card/Payment profile,
 * §5 "Password change", §7 `mis_eventos`, `pagos/get/mi_perfil`, "Profile", §8 "Profile" and
 * the card messages). The API validates requests and declares its answers with these schemas;
 * the account remote imports only their types (and the form schema).
 * Money in integer centavos; dates ISO UTC with the event's IANA zone beside them.
 */
import './zod-csp';
import { z } from 'zod';
import { cuentaMessages } from '../messages/cuenta';
import { newPasswordSchema, MAX_PASSWORD_LENGTH } from './auth';
import { centavosSchema, isoDateTimeSchema } from './common';
import { eventoSchema } from './catalogo';
import { totalesSchema } from './pagos';

// ---------------------------------------------------------------- profile

/** GET /usuarios/mi_perfil */
export const miPerfilSchema = z.object({ fullName: z.string(), email: z.string() });
export type MiPerfil = z.infer<typeof miPerfilSchema>;

const fieldRequired = z.string({ error: cuentaMessages.PASSWORD_FIELDS_REQUIRED }).min(1, cuentaMessages.PASSWORD_FIELDS_REQUIRED);

/**
 * PATCH /usuarios/update/password. The new password follows the registration rules (same
 * messages); an empty field gives 'Todos los campos son obligatorios'.
 */
export const updatePasswordSchema = z.object({
  actualPassword: fieldRequired.max(MAX_PASSWORD_LENGTH, cuentaMessages.CURRENT_PASSWORD_WRONG),
  newPassword: fieldRequired.pipe(newPasswordSchema),
});
export type UpdatePasswordPayload = z.infer<typeof updatePasswordSchema>;

/** The form: the payload plus the confirmation, which never leaves the browser. */
export const updatePasswordFormSchema = updatePasswordSchema
  .extend({ repeatedNewPassword: fieldRequired })
  .refine((v) => v.newPassword === v.repeatedNewPassword, {
    path: ['repeatedNewPassword'],
    message: cuentaMessages.PASSWORD_NEW_MISMATCH,
    when: (payload) => {
      const v = payload.value as { newPassword?: unknown; repeatedNewPassword?: unknown } | undefined;
      return typeof v?.newPassword === 'string' && typeof v?.repeatedNewPassword === 'string' && v.repeatedNewPassword !== '';
    },
  });
export type UpdatePasswordForm = z.infer<typeof updatePasswordFormSchema>;

/** Answer of the password change and the card delete. */
export const cuentaMessageSchema = z.object({ message: z.string() });
export type CuentaMessage = z.infer<typeof cuentaMessageSchema>;

// ---------------------------------------------------------------- my purchases

/** An event the buyer holds tickets for (spec §3 Event + cantidadBoletos). */
export const miEventoSchema = eventoSchema
  .pick({
    id: true,
    nombre: true,
    fecha: true,
    zonaHoraria: true,
    imagenBanner: true,
    imagenPromocion: true,
    categoria: true,
    artista: true,
    recinto: true,
    ciudad: true,
  })
  .extend({ cantidadBoletos: z.number().int().positive() });
export type MiEvento = z.infer<typeof miEventoSchema>;

/**
 * GET /eventos/mis_eventos — split by the event's calendar day in its own time zone: an event
 * stays in `proximos` until its day ends there ('¡Hoy es el evento!'), then moves to
 * `pasados`. `proximos` soonest first, `pasados` latest first. `ahora` is the server clock.
 */
export const misEventosSchema = z.object({
  proximos: z.array(miEventoSchema),
  pasados: z.array(miEventoSchema),
  ahora: isoDateTimeSchema,
});
export type MisEventos = z.infer<typeof misEventosSchema>;

const nombre = z.object({ nombre: z.string() });

/** Fields every ticket has. `categoria` null = general admission without category: show 'General'. */
const boletoBase = z.object({
  id: z.uuid(),
  /** The QR payload. */
  quemadoUUID: z.uuid(),
  /** What was paid for this ticket before fees and discount, centavos. */
  precio: centavosSchema,
  categoria: nombre.nullable(),
});

/** A numbered seat (spec §3 Ticket: asiento.numero, fila.nombre, fila.seccion.nombre, fila.seccion.bloque.nombre). */
export const boletoSchema = boletoBase.extend({
  asiento: z.object({
    numero: z.number().int(),
    fila: z.object({
      nombre: z.string(),
      seccion: z.object({ nombre: z.string(), bloque: nombre }),
    }),
  }),
});
export type Boleto = z.infer<typeof boletoSchema>;

/** A general-admission place (spec §3: eventoSeccion with precioEspecial, section and block names). */
export const paseGeneralSchema = boletoBase.extend({
  eventoSeccion: z.object({
    /** The price of a place in this section (equals `precio`). */
    precioEspecial: centavosSchema,
    seccion: z.object({ nombre: z.string(), bloque: nombre }),
  }),
});
export type PaseGeneral = z.infer<typeof paseGeneralSchema>;

/** One line of the order summary: tickets of one category and section at one price. */
export const lineaResumenSchema = z.object({
  /** Category name, null for general admission without category ('General'). */
  categoria: z.string().nullable(),
  seccion: z.string(),
  cantidad: z.number().int().positive(),
  precioUnitario: centavosSchema,
  importe: centavosSchema,
});
export type LineaResumen = z.infer<typeof lineaResumenSchema>;

/**
 * The order summary panel, over every purchase of this event: the sale's totals (subtotal,
 * descuento, cargoServicio, cargoTarjeta, iva, total) as stored at sale time, never
 * recomputed, added up. `total` is what was charged.
 */
export const resumenCompraSchema = totalesSchema.omit({ boletosGratis: true }).extend({
  /** Where the tickets were e-mailed. */
  correo: z.string(),
  recinto: z.string(),
  ciudad: z.string(),
  lineas: z.array(lineaResumenSchema),
  /** How many purchases (orders) the summary adds up. */
  compras: z.number().int().positive(),
  /**
   * How each purchase was paid: card ('tarjeta', with its meses sin intereses plan when it had
   * one: `meses` and the monthly amount `mensualidad`), cash ('efectivo') or SPEI; centavos.
   */
  pagos: z
    .array(
      z.object({
        metodo: z.enum(['tarjeta', 'efectivo', 'spei']),
        meses: z.number().int().nullable(),
        mensualidad: z.number().int().optional(),
        total: z.number().int(),
      }),
    )
    .optional(),
});
export type ResumenCompra = z.infer<typeof resumenCompraSchema>;

/** GET /eventos/mis_eventos/{id} — 404 when the caller holds no ticket for the event. */
export const miEventoDetalleSchema = z.object({
  boletos: z.array(boletoSchema),
  pasesGenerales: z.array(paseGeneralSchema),
  evento: miEventoSchema.extend({ resumen: resumenCompraSchema }),
});
export type MiEventoDetalle = z.infer<typeof miEventoDetalleSchema>;

// ---------------------------------------------------------------- saved cards

/** spec §3 Saved card. `tarjeta` is masked ('411111XXXXXX1111'); no PAN, no CVV anywhere. */
export const tarjetaGuardadaSchema = z.object({
  id: z.number().int().positive(),
  /** The gateway's card id (DELETE /pagos/tarjeta/{idOpenpay}/{idtarjeta}). */
  idtarjeta: z.string(),
  tarjeta: z.string(),
  banco: z.string(),
  marca: z.string(),
  tipo: z.string(),
  nombreEnTarjeta: z.string(),
});
export type TarjetaGuardada = z.infer<typeof tarjetaGuardadaSchema>;

/** GET /pagos/get/mi_perfil — idOpenpay null (and no cards) until a card was saved at checkout. */
export const perfilPagoSchema = z.object({
  idOpenpay: z.string().nullable(),
  tarjetas: z.array(tarjetaGuardadaSchema),
  usuario: z.object({ email: z.string() }),
});
export type PerfilPago = z.infer<typeof perfilPagoSchema>;

/** Path of DELETE /pagos/tarjeta/{idOpenpay}/{idtarjeta}: the gateway's ids (letters, digits, - and _). */
const gatewayId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, cuentaMessages.CARD_NOT_FOUND);
export const deleteTarjetaParamsSchema = z.object({ idOpenpay: gatewayId, idtarjeta: gatewayId });
