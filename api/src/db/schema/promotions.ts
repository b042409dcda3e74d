import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { categoriasEvento, eventoSecciones, eventos } from './events';

/**
 * tipo 'PORCENTAJE': porcentaje_bps off the price (2000 = 20 %).
 * tipo 'CANTIDAD': buy cantidad_compra pay cantidad_paga (e.g. 3×2).
 * automatica: applied without a code (the best-value one wins); clave: the code (upper-case).
 * aplica_todo_evento false → only the categories / general sections in promocion_categorias.
 * limite_usos: how many sales may use it (null = no limit); usos: sales that used it, counted
 * in the sale's transaction by a conditional update, so it never passes the limit.
 */
export const promociones = pgTable(
  'promociones',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventoId: integer('evento_id')
      .notNull()
      .references(() => eventos.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    tipo: text('tipo', { enum: ['PORCENTAJE', 'CANTIDAD'] }).notNull(),
    porcentajeBps: integer('porcentaje_bps'),
    cantidadCompra: integer('cantidad_compra'),
    cantidadPaga: integer('cantidad_paga'),
    aplicaTodoEvento: boolean('aplica_todo_evento').notNull().default(true),
    automatica: boolean('automatica').notNull().default(false),
    clave: text('clave'),
    activa: boolean('activa').notNull().default(true),
    vigenteDesde: timestamp('vigente_desde', { withTimezone: true }),
    vigenteHasta: timestamp('vigente_hasta', { withTimezone: true }),
    limiteUsos: integer('limite_usos'),
    usos: integer('usos').notNull().default(0),
  },
  (t) => [
    uniqueIndex('promociones_evento_clave_uq').on(t.eventoId, t.clave),
    index('promociones_evento_idx').on(t.eventoId),
    check('promociones_usos_ck', sql`${t.usos} >= 0 AND (${t.limiteUsos} IS NULL OR ${t.usos} <= ${t.limiteUsos})`),
  ],
);

/** Where a restricted promotion applies: a price category, or a general section (categoriaGeneral). */
export const promocionCategorias = pgTable(
  'promocion_categorias',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    promocionId: integer('promocion_id')
      .notNull()
      .references(() => promociones.id, { onDelete: 'cascade' }),
    categoriaEventoId: integer('categoria_evento_id').references(() => categoriasEvento.id),
    eventoSeccionId: integer('evento_seccion_id').references(() => eventoSecciones.id),
  },
  (t) => [index('promocion_categorias_promocion_idx').on(t.promocionId)],
);
