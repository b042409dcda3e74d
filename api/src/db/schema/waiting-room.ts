import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { eventos } from './events';

/**
 * An event "en venta con fila" (decision 0031): from `inicio` buyers reach its seat and checkout
 * pages only with a pass from its waiting room. `ritmoPorMinuto` is the admission rate; null
 * means automatic (admit while live passes are fewer than the free places). `credito` carries the
 * fraction of a buyer the admission job owes between ticks.
 */
export const salasEspera = pgTable('salas_espera', {
  eventoId: integer('evento_id')
    .primaryKey()
    .references(() => eventos.id, { onDelete: 'cascade' }),
  inicio: timestamp('inicio', { withTimezone: true }).notNull(),
  ritmoPorMinuto: integer('ritmo_por_minuto'),
  pausada: boolean('pausada').notNull().default(false),
  credito: doublePrecision('credito').notNull().default(0),
  ultimoTick: timestamp('ultimo_tick', { withTimezone: true }),
  /** Set once the event has no free place and no live hold: everybody still waiting was told. */
  agotadoEn: timestamp('agotado_en', { withTimezone: true }),
  /** True once those who joined before `inicio` were given their random numbers. */
  sorteada: boolean('sorteada').notNull().default(false),
  /** The highest number admitted so far: a place's position is its number minus this. */
  admitidosHasta: bigint('admitidos_hasta', { mode: 'number' }).notNull().default(0),
});

export const ESTADOS_LUGAR_FILA = ['esperando', 'admitido', 'usado', 'expirado', 'agotado'] as const;

/**
 * One browser's place in an event's line. `numero` is its turn: null for those who joined before
 * `inicio` until the admission job draws them a random order at the start (so arriving early gives
 * no advantage), the next number of the event's sequence (`sala_espera_numero_<evento>`, made when the room opens)
 * for later arrivals (first come, first served after them).
 * `navegador` is the SHA-256 of the browser's random cookie (one place per browser and event);
 * `reto` the ALTCHA challenge nonce it solved (a solution is spent once).
 */
export const salaEsperaLugares = pgTable(
  'sala_espera_lugares',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventoId: integer('evento_id')
      .notNull()
      .references(() => eventos.id, { onDelete: 'cascade' }),
    navegador: text('navegador').notNull(),
    ip: text('ip').notNull(),
    reto: text('reto').notNull(),
    numero: bigint('numero', { mode: 'number' }),
    estado: text('estado', { enum: ESTADOS_LUGAR_FILA }).notNull().default('esperando'),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    admitidoEn: timestamp('admitido_en', { withTimezone: true }),
    paseExpiraEn: timestamp('pase_expira_en', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sala_espera_lugares_navegador_uq').on(t.eventoId, t.navegador),
    uniqueIndex('sala_espera_lugares_reto_uq').on(t.reto),
    index('sala_espera_lugares_numero_idx').on(t.eventoId, t.numero).where(sql`estado = 'esperando'`),
    index('sala_espera_lugares_pase_idx').on(t.eventoId, t.paseExpiraEn).where(sql`estado in ('admitido', 'usado')`),
    index('sala_espera_lugares_ip_idx').on(t.eventoId, t.ip),
  ],
);

/** Every ops change of a waiting room (open, pause, resume, rate): who, when, what, why. */
export const salaEsperaAuditoria = pgTable('sala_espera_auditoria', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  eventoId: integer('evento_id').notNull(),
  en: timestamp('en', { withTimezone: true }).notNull().defaultNow(),
  accion: text('accion').notNull(),
  detalle: text('detalle').notNull(),
  actor: text('actor').notNull(),
  motivo: text('motivo'),
});
