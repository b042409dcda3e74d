import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { artistas, categorias } from './places';
import { recintos, secciones } from './venues';

/** Rates are basis points (1600 = 16 %). Money is integer centavos. */
export const eventos = pgTable(
  'eventos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    fecha: timestamp('fecha', { withTimezone: true }).notNull(),
    zonaHoraria: text('zona_horaria').notNull().default('America/Mexico_City'),
    imagenBanner: text('imagen_banner'),
    imagenPromocion: text('imagen_promocion'),
    categoriaId: integer('categoria_id')
      .notNull()
      .references(() => categorias.id),
    artistaId: integer('artista_id')
      .notNull()
      .references(() => artistas.id),
    recintoId: integer('recinto_id')
      .notNull()
      .references(() => recintos.id),
    mostrarWeb: boolean('mostrar_web').notNull().default(true),
    limiteDeAsientos: integer('limite_de_asientos').notNull().default(10),
    usoDeTarjetaBps: integer('uso_de_tarjeta_bps').notNull().default(0),
    usoDeServicioBps: integer('uso_de_servicio_bps').notNull().default(0),
    ivaRateBps: integer('iva_rate_bps').notNull().default(1600),
    isIvaApplied: boolean('is_iva_applied').notNull().default(false),
    udsPorCategoria: boolean('uds_por_categoria').notNull().default(false),
    /**
     * Holds may leave a single free seat alone between taken seats of a row (decision 0032).
     * False (the default) refuses such a hold; the organiser turns it on per event (import file).
     */
    permitirAsientoSolo: boolean('permitir_asiento_solo').notNull().default(false),
    /**
     * Lowest price > 0 of the event (seats and general places), centavos. Prices change only
     * through the import, which sets it; the listing then reads one column instead of
     * scanning inventory on every request.
     */
    precioDesde: integer('precio_desde'),
    /**
     * Meses sin intereses the organiser offers on this event: each plan (3, 6, 9 or 12 months)
     * with its minimum order total in centavos. Empty: card payments in one go only.
     */
    planesMsi: jsonb('planes_msi').$type<{ meses: number; minimo: number }[]>().notNull().default([]),
    /**
     * How long a cash reference ('Pago en efectivo') and a SPEI transfer stay payable, in
     * minutes; null takes PAGOS_EFECTIVO_MINUTOS / PAGOS_SPEI_MINUTOS (pagos.config.ts). The
     * deadline never goes past PAGOS_CIERRE_DIFERIDOS_MINUTOS before the event.
     */
    plazoEfectivoMinutos: integer('plazo_efectivo_minutos'),
    plazoSpeiMinutos: integer('plazo_spei_minutos'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('eventos_web_fecha_idx').on(t.mostrarWeb, t.fecha)],
);

/** Price categories of one event ('VIP', 'Preferente izquierda', …). */
export const categoriasEvento = pgTable(
  'categorias_evento',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventoId: integer('evento_id')
      .notNull()
      .references(() => eventos.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    color: text('color').notNull(),
    /** Per-category service fee rate, basis points; null = event rate. */
    cargoPorCategoriaBps: integer('cargo_por_categoria_bps'),
    orden: integer('orden').notNull().default(0),
  },
  (t) => [uniqueIndex('categorias_evento_uq').on(t.eventoId, t.nombre)],
);

/**
 * A section as sold on one event. For general sections it carries the place price
 * (precioEspecial, centavos), the category and the capacity (one evento_lugares_generales row
 * per place). Numbered sections take prices from their seats.
 */
export const eventoSecciones = pgTable(
  'evento_secciones',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventoId: integer('evento_id')
      .notNull()
      .references(() => eventos.id, { onDelete: 'cascade' }),
    seccionId: integer('seccion_id')
      .notNull()
      .references(() => secciones.id),
    categoriaEventoId: integer('categoria_evento_id').references(() => categoriasEvento.id),
    precioEspecial: integer('precio_especial').notNull().default(0),
    capacidad: integer('capacidad').notNull().default(0),
  },
  (t) => [uniqueIndex('evento_secciones_uq').on(t.eventoId, t.seccionId)],
);
