import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { categoriasEvento, eventoSecciones, eventos } from './events';
import { ACCESIBILIDADES, asientos } from './venues';

/**
 * Stored seat states. 'disponible' with a live hold (hold_expires_at > now()) is served as
 * 'reservado'; with an expired hold it is simply free — no sweeper needed.
 */
export const ESTADOS_INVENTARIO = ['disponible', 'vendido', 'ocupado', 'bloqueado', 'inaccesible', 'cortesia'] as const;

/**
 * Per-event seat inventory, the source of truth for holds and sales. A hold is a conditional
 * UPDATE … WHERE estado='disponible' AND (reserva_id IS NULL OR hold_expires_at <= now()).
 * seccion_id / fila_id are denormalised so a section's seats are one index range.
 */
export const eventoAsientos = pgTable(
  'evento_asientos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventoId: integer('evento_id')
      .notNull()
      .references(() => eventos.id, { onDelete: 'cascade' }),
    asientoId: integer('asiento_id')
      .notNull()
      .references(() => asientos.id),
    // Denormalised copies of the seat's row and section (no FK: they follow asiento_id, and
    // skipping two FK checks per row keeps a 20,000-seat event import fast).
    seccionId: integer('seccion_id').notNull(),
    filaId: integer('fila_id').notNull(),
    /** Seat number, copied from asientos so a section's seat map is read without a join. */
    numero: integer('numero').notNull(),
    categoriaEventoId: integer('categoria_evento_id')
      .notNull()
      .references(() => categoriasEvento.id),
    precio: integer('precio').notNull(),
    estado: text('estado', { enum: ESTADOS_INVENTARIO }).notNull().default('disponible'),
    reservaId: uuid('reserva_id'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** Copy of asientos.accesibilidad, so best available reads one table. */
    accesibilidad: text('accesibilidad', { enum: ACCESIBILIDADES }),
  },
  (t) => [
    uniqueIndex('evento_asientos_uq').on(t.eventoId, t.asientoId),
    // Serves both per-section counts and the seat map in layout order without a sort.
    index('evento_asientos_seccion_idx').on(t.eventoId, t.seccionId, t.filaId, t.numero),
    index('evento_asientos_reserva_idx').on(t.reservaId),
    index('evento_asientos_precio_idx').on(t.eventoId, t.precio),
    // Best available: an event's seats of one price category, section by section, in layout order.
    index('evento_asientos_categoria_idx').on(t.eventoId, t.categoriaEventoId, t.seccionId, t.filaId, t.numero),
    check('evento_asientos_precio_ck', sql`${t.precio} >= 0`),
  ],
);

/**
 * General admission: one row per place, created with the event (capacity rows). Buyers claim
 * N free rows with SELECT … FOR UPDATE SKIP LOCKED, so concurrent buyers never queue on one
 * counter row. Same hold semantics as seats.
 */
export const eventoLugaresGenerales = pgTable(
  'evento_lugares_generales',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventoSeccionId: integer('evento_seccion_id')
      .notNull()
      .references(() => eventoSecciones.id, { onDelete: 'cascade' }),
    eventoId: integer('evento_id')
      .notNull()
      .references(() => eventos.id, { onDelete: 'cascade' }),
    /** Copy of the evento_seccion's section, for per-section counts without a join. */
    seccionId: integer('seccion_id').notNull(),
    estado: text('estado', { enum: ['disponible', 'vendido', 'cortesia', 'bloqueado'] })
      .notNull()
      .default('disponible'),
    reservaId: uuid('reserva_id'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
  },
  (t) => [
    index('evento_lugares_generales_seccion_idx').on(t.eventoSeccionId, t.estado),
    index('evento_lugares_generales_evento_idx').on(t.eventoId, t.seccionId),
    index('evento_lugares_generales_reserva_idx').on(t.reservaId),
    // A claim reads free places first: never-held (null) and expired holds sort before live
    // ones, so taking N places reads about N index entries however many are held.
    index('evento_lugares_generales_libres_idx').on(t.eventoSeccionId, t.holdExpiresAt.asc().nullsFirst()).where(sql`estado = 'disponible'`),
  ],
);

/**
 * The version of one section's seat states on one event: bumped by one by every availability
 * batch that carries a change of the section (disponibilidad.publisher.ts, under the batches'
 * advisory lock), so the same number means the same states in every process. The seat page's
 * snapshot (filas_por_seccion) carries it, and the live deltas say which version they make.
 */
export const seccionVersiones = pgTable(
  'seccion_versiones',
  {
    eventoId: integer('evento_id')
      .notNull()
      .references(() => eventos.id, { onDelete: 'cascade' }),
    seccionId: integer('seccion_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventoId, t.seccionId] })],
);
