import { ESTADOS_RESERVA } from '@taquilla/shared/schemas/reservas';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { categoriasEvento, eventoSecciones, eventos } from './events';
import { eventoAsientos, eventoLugaresGenerales } from './inventory';
import { promociones } from './promotions';
import { invitados, users } from './users';

/**
 * A hold of places for one buyer (user or guest) until fecha_expiracion.
 * estado: one of ESTADOS_RESERVA (@taquilla/shared). Totals are stored at sale time as
 * history (never recomputed).
 */
export const reservas = pgTable(
  'reservas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventoId: integer('evento_id')
      .notNull()
      .references(() => eventos.id),
    usuarioId: uuid('usuario_id').references(() => users.id),
    invitadoId: uuid('invitado_id').references(() => invitados.id),
    esGeneral: boolean('es_general').notNull().default(false),
    eventoSeccionId: integer('evento_seccion_id').references(() => eventoSecciones.id),
    estado: text('estado', { enum: ESTADOS_RESERVA }).notNull().default('activa'),
    /**
     * Whose hold it is: 'u:<usuario id>', or a guest's 'c:<e-mail, lower-cased>#<hold token
     * hash>' (the e-mail in the browser that made it; 'c:<e-mail>' for the seed's holds and those
     * made before migration 0015). One live hold per buyer and event (unique `compradorActivo`
     * below): a new hold replaces the previous one in the same transaction, so only the browser
     * that made a guest hold can replace it.
     */
    comprador: text('comprador'),
    /**
     * '<evento_id>:<comprador>' while the hold is live, null otherwise. Its unique index keeps one
     * live hold per buyer and event and is the only index a lookup of the buyer's live hold can
     * use, so that lookup stays one index probe whatever the statistics say about live holds
     * (they say few while an on-sale fills the table: autovacuum analyses it again only after a
     * tenth of it changed).
     */
    compradorActivo: text('comprador_activo').generatedAlwaysAs(sql`CASE WHEN estado = 'activa' THEN evento_id::text || ':' || comprador END`),
    /**
     * The client that made the hold (decision 0018): its address as the API saw it (`request.ip`
     * through TRUST_PROXY; an IPv6 address as its /64) and the SHA-256 of its hold token (the
     * browser's `X-Reserva-Token`), so the live places of one client without an account can be
     * counted per event. Null on holds made before migration 0015 and by the seed.
     */
    clienteIp: text('cliente_ip'),
    clienteDispositivo: text('cliente_dispositivo'),
    /**
     * '<evento_id>|<cliente_ip>' and '<evento_id>|<cliente_dispositivo>' while the hold is live and
     * made without an account, null otherwise: what reservar_lugares_cliente counts a client's
     * live places by. Like `compradorActivo`, no other index can serve a lookup on them, so the
     * count stays an index probe of that client's holds whatever the statistics say.
     */
    clienteIpActivo: text('cliente_ip_activo').generatedAlwaysAs(
      sql`CASE WHEN estado = 'activa' AND usuario_id IS NULL THEN evento_id::text || '|' || cliente_ip END`,
    ),
    clienteDispositivoActivo: text('cliente_dispositivo_activo').generatedAlwaysAs(
      sql`CASE WHEN estado = 'activa' AND usuario_id IS NULL THEN evento_id::text || '|' || cliente_dispositivo END`,
    ),
    /** The venue section of the held places (secciones.id; a seat hold is within one section). */
    seccionId: integer('seccion_id'),
    /** Places held when the hold was made (seats or general places). */
    cantidad: integer('cantidad').notNull().default(0),
    fechaExpiracion: timestamp('fecha_expiracion', { withTimezone: true }).notNull(),
    /**
     * 'efectivo' | 'spei' while the places wait for a cash or SPEI payment ('pendiente de pago'):
     * the hold then lives until the reference's deadline (fecha_expiracion). Null for a card hold.
     */
    pagoPendiente: text('pago_pendiente', { enum: ['efectivo', 'spei'] }),
    /** When the buyer was told their reference expired (the e-mail goes once). */
    avisoVencimientoEn: timestamp('aviso_vencimiento_en', { withTimezone: true }),
    promocionId: integer('promocion_id').references(() => promociones.id),
    subtotal: integer('subtotal'),
    descuento: integer('descuento'),
    cargoServicio: integer('cargo_servicio'),
    cargoTarjeta: integer('cargo_tarjeta'),
    iva: integer('iva'),
    total: integer('total'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reservas_usuario_idx').on(t.usuarioId),
    index('reservas_evento_idx').on(t.eventoId, t.estado),
    uniqueIndex('reservas_comprador_activo_uq').on(t.compradorActivo),
    // The expiry job's scan: only live holds are in it, so it stays small however many holds exist.
    index('reservas_vencimiento_idx').on(t.fechaExpiracion).where(sql`estado = 'activa'`),
    // The live guest holds of one client on one event (reservar_lugares_cliente counts their places).
    index('reservas_cliente_ip_activo_idx').on(t.clienteIpActivo).where(sql`cliente_ip_activo is not null`),
    index('reservas_cliente_dispositivo_activo_idx').on(t.clienteDispositivoActivo).where(sql`cliente_dispositivo_activo is not null`),
    // Expired references whose buyer has not been told yet (the notice job's scan).
    // A buyer's holds that took a cash or SPEI reference (the trigger of migration 0020 reads it).
    index('reservas_pago_pendiente_comprador_idx').on(t.eventoId, t.comprador).where(sql`pago_pendiente is not null`),
    index('reservas_pago_vencido_idx').on(t.fechaExpiracion).where(sql`pago_pendiente is not null and aviso_vencimiento_en is null`),
  ],
);

/**
 * A charge at the payment gateway: proveedor 'openpay' ('sandbox' on rows of the former built-in sandbox).
 * estado: 'pendiente' | 'pagado' | 'fallido' | 'reembolsado'. proveedor_cargo_id is unique
 * so a replayed check or webhook finds the same row (idempotent sale).
 */
export const cargos = pgTable(
  'cargos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reservaId: uuid('reserva_id')
      .notNull()
      .references(() => reservas.id),
    proveedor: text('proveedor').notNull(),
    proveedorCargoId: text('proveedor_cargo_id').notNull(),
    monto: integer('monto').notNull(),
    estado: text('estado', { enum: ['pendiente', 'pagado', 'fallido', 'reembolsado'] })
      .notNull()
      .default('pendiente'),
    metodoPago: text('metodo_pago').notNull().default('tarjeta'),
    redirectUrl: text('redirect_url'),
    error: text('error'),
    /** Provider answer without card data (masked card, authorisation), for support. */
    detalle: jsonb('detalle'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cargos_proveedor_uq').on(t.proveedor, t.proveedorCargoId), index('cargos_reserva_idx').on(t.reservaId)],
);

/** An issued ticket. quemado_uuid is the QR payload. Seat tickets point at the seat row, general ones at the place row. */
export const boletos = pgTable(
  'boletos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reservaId: uuid('reserva_id')
      .notNull()
      .references(() => reservas.id),
    cargoId: uuid('cargo_id').references(() => cargos.id),
    eventoId: integer('evento_id')
      .notNull()
      .references(() => eventos.id),
    eventoAsientoId: integer('evento_asiento_id').references(() => eventoAsientos.id),
    lugarGeneralId: integer('lugar_general_id').references(() => eventoLugaresGenerales.id),
    eventoSeccionId: integer('evento_seccion_id').references(() => eventoSecciones.id),
    categoriaEventoId: integer('categoria_evento_id').references(() => categoriasEvento.id),
    precio: integer('precio').notNull(),
    quemadoUuid: uuid('quemado_uuid').notNull().unique().defaultRandom(),
    usuarioId: uuid('usuario_id').references(() => users.id),
    invitadoId: uuid('invitado_id').references(() => invitados.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('boletos_usuario_idx').on(t.usuarioId),
    // A guest's bought tickets (the per-buyer limit of every guest hold): without it each one
    // read every ticket of the database.
    index('boletos_invitado_idx').on(t.invitadoId),
    index('boletos_reserva_idx').on(t.reservaId),
    uniqueIndex('boletos_evento_asiento_uq').on(t.eventoAsientoId),
    uniqueIndex('boletos_lugar_general_uq').on(t.lugarGeneralId),
  ],
);
