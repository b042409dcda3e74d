import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Tables of the former built-in payment sandbox: nothing reads or writes them since the sandbox
 * left the API for platform/openpay-sandbox (decision 0036). They stay until a migration drops
 * them (remove this file, then `drizzle-kit generate`). They never held a card number or a CVV.
 */
const cardColumns = {
  ultimos4: text('ultimos4').notNull(),
  longitud: integer('longitud').notNull(),
  marca: text('marca').notNull(),
  titular: text('titular').notNull(),
  mesExpiracion: text('mes_expiracion').notNull(),
  anioExpiracion: text('anio_expiracion').notNull(),
  /** What charging that test card did. */
  resultado: text('resultado').notNull(),
  /** 'credit' | 'debit', as Openpay's card.type. */
  tipo: text('tipo').notNull().default('credit'),
  /** The meses sin intereses plans the card's bank took part in. */
  meses: jsonb('meses').$type<number[]>().notNull().default([]),
};

/** A browser token: usable once, for a charge or to save the card. */
export const sandboxTokens = pgTable('sandbox_tokens', {
  id: text('id').primaryKey(),
  ...cardColumns,
  usadoEn: timestamp('usado_en', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxClientes = pgTable('sandbox_clientes', {
  id: text('id').primaryKey(),
  nombre: text('nombre').notNull(),
  apellidos: text('apellidos'),
  email: text('email').notNull(),
  externalId: text('external_id').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxTarjetas = pgTable(
  'sandbox_tarjetas',
  {
    id: text('id').primaryKey(),
    clienteId: text('cliente_id')
      .notNull()
      .references(() => sandboxClientes.id, { onDelete: 'cascade' }),
    ...cardColumns,
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_tarjetas_cliente_idx').on(t.clienteId)],
);

/** status: Openpay's ('completed' | 'charge_pending' | 'failed' | 'refunded'). */
export const sandboxCargos = pgTable(
  'sandbox_cargos',
  {
    id: text('id').primaryKey(),
    /** Unique like Openpay's order_id: a second charge with it is refused with 1006. */
    orderId: text('order_id'),
    clienteId: text('cliente_id'),
    monto: integer('monto').notNull(),
    descripcion: text('descripcion').notNull(),
    status: text('status').notNull(),
    errorCode: integer('error_code'),
    autorizacion: text('autorizacion'),
    /** The masked card (MaskedCard), a snapshot at charge time. */
    tarjeta: jsonb('tarjeta').notNull(),
    resultado: text('resultado').notNull(),
    use3ds: boolean('use_3ds').notNull(),
    redirectUrl: text('redirect_url').notNull(),
    mesesSinIntereses: integer('meses_sin_intereses'),
    /** Openpay's method: 'card' | 'store' | 'bank_account'. */
    metodo: text('metodo').notNull().default('card'),
    /** Store reference, or the SPEI transfer's reference (concepto); null for cards. */
    referencia: text('referencia'),
    /** SPEI: the CLABE to transfer to. */
    clabe: text('clabe'),
    /** Store / SPEI: the due date; an unpaid charge is cancelled after it. */
    venceEn: timestamp('vence_en', { withTimezone: true }),
    reembolsadoEn: timestamp('reembolsado_en', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_cargos_order_uq').on(t.orderId), uniqueIndex('sandbox_cargos_referencia_uq').on(t.referencia)],
);
