import './zod-csp';
import { z } from 'zod';
import { DEFAULT_TIME_ZONE, TIPO_DISPOSITIVO } from '../constants';
import { basisPointsSchema, centavosSchema, idSchema, isoDateTimeSchema } from './common';

/**
 * DTOs of the catalogue calls (spec section 7, "Events"). Field names are the spec's, verbatim.
 * Units (see ./common): money in integer centavos, rates in basis points (1600 = 16 %).
 *
 * Venue SVG contract: every section drawn on the map is an element carrying
 * `data-seccion-id="<seccion.id>"` (and `id="seccion-<seccion.id>"`), so the storefront finds
 * a section's shape with `[data-seccion-id="12"]`. Sections with `seccionAdicional: true` are
 * not drawn (they are listed outside the map).
 */

/** An event's `zonaHoraria` when it has none (the import format's name for DEFAULT_TIME_ZONE). */
export const DEFAULT_ZONA_HORARIA = DEFAULT_TIME_ZONE;
export { TIPO_DISPOSITIVO };

// ---------------------------------------------------------------- categories (event types)

export const categoriaSchema = z.object({ id: idSchema, nombre: z.string() });
export type Categoria = z.infer<typeof categoriaSchema>;

/** GET /categorias/get_all */
export const categoriasResponseSchema = z.object({ categorias: z.array(categoriaSchema) });
export type CategoriasResponse = z.infer<typeof categoriasResponseSchema>;

// ---------------------------------------------------------------- events

export const recintoSchema = z.object({
  id: idSchema,
  nombre: z.string(),
  direccion: z.string(),
});

export const eventoSchema = z.object({
  id: idSchema,
  nombre: z.string(),
  descripcion: z.string(),
  /** Start of the event, ISO UTC. */
  fecha: isoDateTimeSchema,
  /** IANA zone the event happens in; evaluate date filters and render times in it. */
  zonaHoraria: z.string().default(DEFAULT_ZONA_HORARIA),
  /** Image URLs (absolute or root-relative); null when the event has none (UI shows a default). */
  imagenBanner: z.string().nullable(),
  imagenPromocion: z.string().nullable(),
  categoria: categoriaSchema,
  artista: z.object({ nombre: z.string() }),
  recinto: recintoSchema,
  ciudad: z.object({ nombre: z.string() }),
  mostrarWeb: z.boolean(),
  /** Max tickets one buyer may take in one purchase. */
  limiteDeAsientos: z.number().int().positive(),
  /** Card-use fee rate, basis points. */
  usoDeTarjeta: basisPointsSchema,
  /** Service fee rate, basis points (see udsPorCategoria). */
  usoDeServicio: basisPointsSchema,
  /** VAT rate, basis points; applied only when isIvaApplied. */
  ivaRate: basisPointsSchema,
  isIvaApplied: z.boolean(),
  /**
   * When true the service fee of a ticket is its category's `cargoPorCategoria` (falling back
   * to the section's `uds`, then to usoDeServicio); when false usoDeServicio applies to all.
   */
  udsPorCategoria: z.boolean(),
  /** Lowest price on sale (centavos), null when nothing has a price > 0. */
  precioDesde: centavosSchema.nullable(),
});
export type Evento = z.infer<typeof eventoSchema>;

/** GET /eventos/get_all?tipoDispositivo=web — upcoming events with mostrarWeb true, by date. */
export const eventosGetAllQuerySchema = z.object({
  tipoDispositivo: z.enum([TIPO_DISPOSITIVO]).default(TIPO_DISPOSITIVO),
});
export const eventosGetAllResponseSchema = z.object({ eventosFiltrados: z.array(eventoSchema) });
export type EventosGetAllResponse = z.infer<typeof eventosGetAllResponseSchema>;

/**
 * GET /eventos/{id}/detalle — the event plus the venue SVG. A hidden event (mostrarWeb false)
 * still answers, so the UI can say 'Este evento no se encuentra disponible'.
 */
export const eventoDetalleSchema = eventoSchema.extend({
  recinto: recintoSchema.extend({
    /** Venue map, raw SVG markup. Untrusted: sanitise before inserting into the DOM. */
    svg: z.string(),
  }),
});
export type EventoDetalle = z.infer<typeof eventoDetalleSchema>;

// ---------------------------------------------------------------- price categories

/** Per-event price category (e.g. 'VIP', 'Preferente izquierda'). */
export const precioCategoriaSchema = z.object({
  categoria: z.string(),
  /** CSS colour of the category (chips, seats, legend). */
  color: z.string(),
  /** Distinct prices of the category in this scope, centavos, highest first. */
  precios: z.array(centavosSchema),
});
export type PrecioCategoria = z.infer<typeof precioCategoriaSchema>;

export const categoriaEventoSchema = z.object({
  categoria: z.string(),
  /** Per-category service fee rate (basis points), null = use usoDeServicio. */
  cargoPorCategoria: basisPointsSchema.nullable(),
});
export type CategoriaEvento = z.infer<typeof categoriaEventoSchema>;

// ---------------------------------------------------------------- sections

export const TIPOS_SECCION = ['general', 'numerada', 'mesa'] as const;
export const tipoSeccionSchema = z.enum(TIPOS_SECCION);
export type TipoSeccion = z.infer<typeof tipoSeccionSchema>;

export const disponiblesPorCategoriaSchema = z.object({
  categoria: z.string(),
  disponibles: z.number().int().nonnegative(),
});

export const seccionSchema = z.object({
  id: idSchema,
  nombre: z.string(),
  bloque: z.object({ id: idSchema, nombre: z.string() }),
  /** 'general' = general admission bought by quantity; the others have seats. */
  tipo_seccion: tipoSeccionSchema,
  /**
   * General sections: the price of one place (centavos). Numbered sections: the lowest
   * price among its seats on sale (0 when none).
   */
  precioSeccion: centavosSchema,
  nombreEspecial: z.string().nullable(),
  /** Extra general tickets listed outside the map (not drawn in the SVG). */
  seccionAdicional: z.boolean(),
  /** Places free right now (expired holds count as free). */
  asientosDisponibles: z.number().int().nonnegative(),
  /** Total places of the section on this event (everything, whatever its state). */
  capacidad: z.number().int().nonnegative(),
  disponiblesPorCategoria: z.array(disponiblesPorCategoriaSchema),
  /** Gradient colours for the map (1–3 CSS colours). */
  colores: z.array(z.string()),
  /** Per-section service fee rate (basis points), null = event rate. */
  uds: basisPointsSchema.nullable(),
});
export type Seccion = z.infer<typeof seccionSchema>;

/** GET /eventos/{id}/detalle_seccion/false/web */
export const detalleSeccionResponseSchema = z.object({
  secciones: z.array(seccionSchema),
  /** Every price category of the event with its prices on sale. */
  preciosCategorias: z.array(precioCategoriaSchema),
  /** Every price category's service fee (the all-in prices of the map's chips). */
  categoriasEvento: z.array(categoriaEventoSchema),
});
export type DetalleSeccionResponse = z.infer<typeof detalleSeccionResponseSchema>;

// ---------------------------------------------------------------- rows and seats

/**
 * Seat states as served. 'reservado' = held by a live reservation (an expired hold is served
 * as 'disponible'); 'ocupado' = taken outside the web shop. 'seleccionado' is UI-only.
 */
export const ESTADOS_ASIENTO = ['disponible', 'reservado', 'ocupado', 'vendido', 'bloqueado', 'inaccesible', 'cortesia'] as const;
export const estadoAsientoSchema = z.enum(ESTADOS_ASIENTO);
export type EstadoAsiento = z.infer<typeof estadoAsientoSchema>;

/** How seats of rows of different length line up: pushed left, right or centred. */
export const ORIENTACIONES_FILA = ['izquierda', 'centro', 'derecha'] as const;
export const orientacionFilasSchema = z.enum(ORIENTACIONES_FILA);
export type OrientacionFilas = z.infer<typeof orientacionFilasSchema>;

export const asientoSchema = z.object({
  id: idSchema,
  /** Seat number within its row. */
  numero: z.number().int().nonnegative(),
  estado: estadoAsientoSchema,
  /** Centavos. */
  precio: centavosSchema,
  /** Price category name. */
  categoria: z.string(),
  color: z.string(),
  /** Row name. */
  fila: z.string(),
  /** A wheelchair place or its companion seat (decision 0032); absent on every other seat. */
  accesibilidad: z.enum(['silla_de_ruedas', 'acompanante']).optional(),
});
export type Asiento = z.infer<typeof asientoSchema>;

export const filaSchema = z.object({
  id: idSchema,
  nombre: z.string(),
  /** Ordered by numero as laid out left to right. */
  asientos: z.array(asientoSchema),
  /** Card-use fee rate (basis points) for this row's tickets. */
  udt: basisPointsSchema,
  /** Service fee rate (basis points) for this row's tickets (section uds or event rate). */
  uds: basisPointsSchema,
  /** VAT rate (basis points), 0 when the event does not apply VAT. */
  iva: basisPointsSchema,
  orientacionFilas: orientacionFilasSchema,
  /** A table: all its seats are sold together (the UI preselects them). */
  esMesa: z.boolean(),
});
export type Fila = z.infer<typeof filaSchema>;

/** GET /eventos/{id}/{seccionId}/filas_por_seccion */
export const filasPorSeccionResponseSchema = z.object({
  seccion: z.object({ id: idSchema, nombre: z.string(), tipo_seccion: tipoSeccionSchema, bloque: z.string() }),
  filas: z.array(filaSchema),
  /** Price categories present in this section. */
  preciosCategorias: z.array(precioCategoriaSchema),
  categoriasEvento: z.array(categoriaEventoSchema),
  /** True when the section is sold by tables. */
  esMesa: z.boolean(),
  orientacionFilas: orientacionFilasSchema,
  /**
   * The section's seat-state version this answer shows (a shared snapshot, cached by CDNs for a
   * few seconds): live deltas (`asientos` events) with a greater version come on top of it.
   */
  version: z.number().int().nonnegative().optional(),
});
export type FilasPorSeccionResponse = z.infer<typeof filasPorSeccionResponseSchema>;
