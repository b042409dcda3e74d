import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** Cities (ciudad.nombre on events). */
export const ciudades = pgTable(
  'ciudades',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    nombre: text('nombre').notNull(),
    estado: text('estado').notNull().default(''),
  },
  (t) => [uniqueIndex('ciudades_nombre_uq').on(t.nombre)],
);

/** Event types shown as chips: Conciertos, Deportes, Teatro, Arte, Conferencias. */
export const categorias = pgTable(
  'categorias',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    nombre: text('nombre').notNull(),
  },
  (t) => [uniqueIndex('categorias_nombre_uq').on(t.nombre)],
);

export const artistas = pgTable(
  'artistas',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    nombre: text('nombre').notNull(),
  },
  (t) => [uniqueIndex('artistas_nombre_uq').on(t.nombre)],
);
