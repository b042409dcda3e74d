import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** The buyer's customer at the payment provider (idOpenpay). */
export const perfilesPago = pgTable('perfiles_pago', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  usuarioId: uuid('usuario_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  proveedor: text('proveedor').notNull().default('sandbox'),
  idOpenpay: text('id_openpay').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A saved card: only the provider's card id and the masked number — never a PAN or CVV. */
export const tarjetas = pgTable(
  'tarjetas',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    perfilPagoId: integer('perfil_pago_id')
      .notNull()
      .references(() => perfilesPago.id, { onDelete: 'cascade' }),
    idtarjeta: text('idtarjeta').notNull(),
    /** Masked, e.g. '411111XXXXXX1111'. */
    tarjeta: text('tarjeta').notNull(),
    banco: text('banco').notNull().default(''),
    marca: text('marca').notNull(),
    tipo: text('tipo').notNull().default('credit'),
    nombreEnTarjeta: text('nombre_en_tarjeta').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tarjetas_perfil_idtarjeta_uq').on(t.perfilPagoId, t.idtarjeta), index('tarjetas_perfil_idx').on(t.perfilPagoId)],
);
