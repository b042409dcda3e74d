import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ciudades } from './places';

/** A venue and its SVG map. Sections in the SVG carry data-seccion-id="<secciones.id>". */
export const recintos = pgTable(
  'recintos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    nombre: text('nombre').notNull(),
    direccion: text('direccion').notNull(),
    ciudadId: integer('ciudad_id')
      .notNull()
      .references(() => ciudades.id),
    svg: text('svg').notNull(),
  },
  (t) => [uniqueIndex('recintos_nombre_ciudad_uq').on(t.nombre, t.ciudadId)],
);

export const bloques = pgTable(
  'bloques',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    recintoId: integer('recinto_id')
      .notNull()
      .references(() => recintos.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    orden: integer('orden').notNull().default(0),
  },
  (t) => [uniqueIndex('bloques_recinto_nombre_uq').on(t.recintoId, t.nombre)],
);

/**
 * tipo: 'general' (sold by quantity, capacity per event) | 'numerada' | 'mesa' (seats).
 * clave: the venue-local key used by the import file and the source SVG.
 */
export const secciones = pgTable(
  'secciones',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    recintoId: integer('recinto_id')
      .notNull()
      .references(() => recintos.id, { onDelete: 'cascade' }),
    bloqueId: integer('bloque_id')
      .notNull()
      .references(() => bloques.id, { onDelete: 'cascade' }),
    clave: text('clave').notNull(),
    nombre: text('nombre').notNull(),
    tipo: text('tipo', { enum: ['general', 'numerada', 'mesa'] }).notNull(),
    nombreEspecial: text('nombre_especial'),
    seccionAdicional: boolean('seccion_adicional').notNull().default(false),
    /** Gradient colours of the map shape. */
    colores: text('colores').array().notNull(),
    /** Per-section service fee rate, basis points; null = event rate. */
    udsBps: integer('uds_bps'),
    orientacionFilas: text('orientacion_filas', { enum: ['izquierda', 'centro', 'derecha'] })
      .notNull()
      .default('centro'),
    orden: integer('orden').notNull().default(0),
    /** Best available: sections are tried by rango (lower is better), then orden. */
    rango: integer('rango').notNull().default(0),
  },
  (t) => [uniqueIndex('secciones_recinto_clave_uq').on(t.recintoId, t.clave), index('secciones_bloque_idx').on(t.bloqueId)],
);

export const filas = pgTable(
  'filas',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    seccionId: integer('seccion_id')
      .notNull()
      .references(() => secciones.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    orden: integer('orden').notNull(),
    esMesa: boolean('es_mesa').notNull().default(false),
    /** Zoning of the row: the price category name its seats get on events (priced per event). */
    zona: text('zona').notNull(),
  },
  (t) => [uniqueIndex('filas_seccion_nombre_uq').on(t.seccionId, t.nombre)],
);

export const ACCESIBILIDADES = ['silla_de_ruedas', 'acompanante'] as const;

/** Physical seats of a venue. Per-event state lives in evento_asientos. */
export const asientos = pgTable(
  'asientos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    filaId: integer('fila_id')
      .notNull()
      .references(() => filas.id, { onDelete: 'cascade' }),
    numero: integer('numero').notNull(),
    /** 'silla_de_ruedas' (a wheelchair place) or 'acompanante' (its companion seat); null otherwise. */
    accesibilidad: text('accesibilidad', { enum: ACCESIBILIDADES }),
  },
  (t) => [uniqueIndex('asientos_fila_numero_uq').on(t.filaId, t.numero)],
);
