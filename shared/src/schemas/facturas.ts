/**
 * DTOs of the factura (CFDI 4.0 on request) routes. The RFC's check digit and the SAT
 * catalogue rules are checked by the API (one message per refusal); these schemas give the
 * shape and the first, plain messages.
 */
import './zod-csp';
import { z } from 'zod';
import { centavosSchema, isoDateTimeSchema } from './common';

const texto = (mensaje: string, max: number) => z.string({ error: mensaje }).trim().min(1, mensaje).max(max, mensaje);

/** POST …/factura: the receptor's fiscal data. */
export const solicitarFacturaSchema = z.object({
  rfc: texto('Escribe tu RFC.', 20),
  razonSocial: texto('Escribe tu nombre o razón social, como aparece en tu Constancia de Situación Fiscal.', 254),
  regimenFiscal: texto('Elige tu régimen fiscal.', 3),
  codigoPostal: z
    .string({ error: 'Escribe el código postal de tu domicilio fiscal.' })
    .trim()
    .regex(/^\d{5}$/, 'El código postal debe tener 5 dígitos.'),
  usoCfdi: texto('Elige el uso del CFDI.', 4),
});
export type SolicitarFacturaPayload = z.infer<typeof solicitarFacturaSchema>;

/** An issued invoice. */
export const facturaSchema = z.object({
  id: z.string(),
  /** Folio fiscal (UUID of the TimbreFiscalDigital). */
  uuid: z.string(),
  rfc: z.string(),
  razonSocial: z.string(),
  regimenFiscal: z.string(),
  codigoPostal: z.string(),
  usoCfdi: z.string(),
  total: centavosSchema,
  correo: z.string(),
  emitidaEn: isoDateTimeSchema,
});
export type Factura = z.infer<typeof facturaSchema>;

/** One purchase and where it stands with its invoice. */
export const compraFacturableSchema = z.object({
  reservaId: z.string(),
  /** When it was paid. */
  fecha: isoDateTimeSchema,
  total: centavosSchema,
  evento: z.object({ id: z.number().int(), nombre: z.string() }),
  factura: facturaSchema.nullable(),
  /** True while an invoice may still be requested. */
  disponible: z.boolean(),
  /** Why not, in Spanish (null when disponible or already invoiced). */
  motivo: z.string().nullable(),
  /** The last instant a request is taken (end of the purchase's calendar month, Mexico City). */
  fechaLimite: isoDateTimeSchema,
});
export type CompraFacturable = z.infer<typeof compraFacturableSchema>;

export const comprasFacturablesSchema = z.object({ compras: z.array(compraFacturableSchema) });
export type ComprasFacturables = z.infer<typeof comprasFacturablesSchema>;

export const facturaEmitidaSchema = z.object({ message: z.string(), factura: facturaSchema });
export type FacturaEmitida = z.infer<typeof facturaEmitidaSchema>;
