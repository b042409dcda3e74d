import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { reservas } from './sales';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A CFDI 4.0 invoice (factura) of one purchase. `reserva_id` is unique: a purchase is invoiced
 * once, and of two requests arriving together one inserts the row and the other is refused.
 * estado: 'solicitada' while the invoicing provider (PAC) is stamping it — the row reserves
 * the purchase; it is deleted again if the provider refuses — then 'emitida' with the fiscal
 * UUID, the stamped XML and the PDF.
 */
export const facturas = pgTable(
  'facturas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reservaId: uuid('reserva_id')
      .notNull()
      .references(() => reservas.id),
    estado: text('estado', { enum: ['solicitada', 'emitida'] })
      .notNull()
      .default('solicitada'),
    rfc: text('rfc').notNull(),
    razonSocial: text('razon_social').notNull(),
    regimenFiscal: text('regimen_fiscal').notNull(),
    codigoPostal: text('codigo_postal').notNull(),
    usoCfdi: text('uso_cfdi').notNull(),
    /** Where it was e-mailed: the purchase's delivery address. */
    correo: text('correo').notNull(),
    /** The invoice total, centavos (the purchase total stored at sale time). */
    total: integer('total').notNull(),
    proveedor: text('proveedor').notNull(),
    /** The provider's id of the CFDI (to fetch or cancel it there). */
    proveedorId: text('proveedor_id'),
    /** Folio fiscal: the UUID of the TimbreFiscalDigital. */
    uuidFiscal: text('uuid_fiscal'),
    xml: text('xml'),
    pdf: bytea('pdf'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    emitidaEn: timestamp('emitida_en', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('facturas_reserva_uq').on(t.reservaId),
    uniqueIndex('facturas_uuid_fiscal_uq').on(t.uuidFiscal),
    index('facturas_rfc_idx').on(t.rfc),
    check(
      'facturas_emitida_completa',
      sql`estado <> 'emitida' or (uuid_fiscal is not null and xml is not null and pdf is not null and emitida_en is not null)`,
    ),
  ],
);
