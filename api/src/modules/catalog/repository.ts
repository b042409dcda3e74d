import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/rows';
import {
  artistas,
  bloques,
  categorias,
  categoriasEvento,
  ciudades,
  eventoSecciones,
  eventos,
  recintos,
  secciones,
} from '../../db/schema/index';

/** Columns of an event as the catalogue shows it (one query with its joins: no N+1). */
const eventoColumns = {
  id: eventos.id,
  nombre: eventos.nombre,
  descripcion: eventos.descripcion,
  fecha: eventos.fecha,
  zonaHoraria: eventos.zonaHoraria,
  imagenBanner: eventos.imagenBanner,
  imagenPromocion: eventos.imagenPromocion,
  categoriaId: categorias.id,
  categoriaNombre: categorias.nombre,
  artistaNombre: artistas.nombre,
  recintoId: recintos.id,
  recintoNombre: recintos.nombre,
  recintoDireccion: recintos.direccion,
  ciudadNombre: ciudades.nombre,
  mostrarWeb: eventos.mostrarWeb,
  limiteDeAsientos: eventos.limiteDeAsientos,
  usoDeTarjetaBps: eventos.usoDeTarjetaBps,
  usoDeServicioBps: eventos.usoDeServicioBps,
  ivaRateBps: eventos.ivaRateBps,
  isIvaApplied: eventos.isIvaApplied,
  udsPorCategoria: eventos.udsPorCategoria,
  // Lowest price > 0: an index range on (evento_id, precio) and on evento_secciones.
  precioDesde: sql<number | null>`least(
    (select min(ea.precio) from evento_asientos ea where ea.evento_id = ${eventos.id} and ea.precio > 0),
    (select min(es.precio_especial) from evento_secciones es where es.evento_id = ${eventos.id} and es.precio_especial > 0 and es.capacidad > 0)
  )`.mapWith((v) => (v === null ? null : Number(v))),
};

export type EventoRow = Awaited<ReturnType<typeof listEventosWeb>>[number];

function eventoQuery(db: DbOrTx) {
  return db
    .select(eventoColumns)
    .from(eventos)
    .innerJoin(categorias, eq(categorias.id, eventos.categoriaId))
    .innerJoin(artistas, eq(artistas.id, eventos.artistaId))
    .innerJoin(recintos, eq(recintos.id, eventos.recintoId))
    .innerJoin(ciudades, eq(ciudades.id, recintos.ciudadId));
}

/** Upcoming events shown on the web, soonest first. */
export async function listEventosWeb(db: DbOrTx, now: Date = new Date()) {
  return eventoQuery(db)
    .where(and(eq(eventos.mostrarWeb, true), gte(eventos.fecha, now)))
    .orderBy(asc(eventos.fecha), asc(eventos.id));
}

export async function findEvento(db: DbOrTx, id: number): Promise<(EventoRow & { svg: string }) | undefined> {
  const rows = await db
    .select({ ...eventoColumns, svg: recintos.svg })
    .from(eventos)
    .innerJoin(categorias, eq(categorias.id, eventos.categoriaId))
    .innerJoin(artistas, eq(artistas.id, eventos.artistaId))
    .innerJoin(recintos, eq(recintos.id, eventos.recintoId))
    .innerJoin(ciudades, eq(ciudades.id, recintos.ciudadId))
    .where(eq(eventos.id, id));
  return rows[0];
}

/** Fee settings of an event (for rows) without the joins. */
export async function findEventoRates(db: DbOrTx, id: number) {
  const rows = await db
    .select({
      id: eventos.id,
      usoDeTarjetaBps: eventos.usoDeTarjetaBps,
      usoDeServicioBps: eventos.usoDeServicioBps,
      ivaRateBps: eventos.ivaRateBps,
      isIvaApplied: eventos.isIvaApplied,
    })
    .from(eventos)
    .where(eq(eventos.id, id));
  return rows[0];
}

export async function listCategorias(db: DbOrTx) {
  return db.select({ id: categorias.id, nombre: categorias.nombre }).from(categorias).orderBy(asc(categorias.nombre));
}

export async function listCategoriasEvento(db: DbOrTx, eventoId: number) {
  return db
    .select({ id: categoriasEvento.id, nombre: categoriasEvento.nombre, color: categoriasEvento.color, cargoPorCategoriaBps: categoriasEvento.cargoPorCategoriaBps })
    .from(categoriasEvento)
    .where(eq(categoriasEvento.eventoId, eventoId))
    .orderBy(asc(categoriasEvento.orden), asc(categoriasEvento.id));
}

/** Sections of the event's venue with their per-event settings. */
export async function listSeccionesEvento(db: DbOrTx, eventoId: number) {
  return db
    .select({
      id: secciones.id,
      nombre: secciones.nombre,
      tipo: secciones.tipo,
      nombreEspecial: secciones.nombreEspecial,
      seccionAdicional: secciones.seccionAdicional,
      colores: secciones.colores,
      udsBps: secciones.udsBps,
      orientacionFilas: secciones.orientacionFilas,
      bloqueId: bloques.id,
      bloqueNombre: bloques.nombre,
      precioEspecial: eventoSecciones.precioEspecial,
      capacidad: eventoSecciones.capacidad,
    })
    .from(eventoSecciones)
    .innerJoin(secciones, eq(secciones.id, eventoSecciones.seccionId))
    .innerJoin(bloques, eq(bloques.id, secciones.bloqueId))
    .where(eq(eventoSecciones.eventoId, eventoId))
    .orderBy(asc(bloques.orden), asc(secciones.orden));
}

export async function findSeccionEvento(db: DbOrTx, eventoId: number, seccionId: number) {
  const rows = await db
    .select({
      id: secciones.id,
      nombre: secciones.nombre,
      tipo: secciones.tipo,
      udsBps: secciones.udsBps,
      orientacionFilas: secciones.orientacionFilas,
      bloqueNombre: bloques.nombre,
    })
    .from(eventoSecciones)
    .innerJoin(secciones, eq(secciones.id, eventoSecciones.seccionId))
    .innerJoin(bloques, eq(bloques.id, secciones.bloqueId))
    .where(and(eq(eventoSecciones.eventoId, eventoId), eq(eventoSecciones.seccionId, seccionId)));
  return rows[0];
}

export interface SeatRow {
  id: number;
  numero: number;
  estado: string;
  held: boolean;
  precio: number;
  categoria_evento_id: number;
  fila_id: number;
  fila_nombre: string;
  es_mesa: boolean;
}

/** Every seat of one section of an event, in layout order, with its live state. */
export async function listAsientosSeccion(db: DbOrTx, eventoId: number, seccionId: number): Promise<SeatRow[]> {
  return queryRows<SeatRow>(
    db,
    sql`
    select ea.id, ea.numero, ea.estado, coalesce(ea.hold_expires_at > now(), false) as held, ea.precio,
           ea.categoria_evento_id, f.id as fila_id, f.nombre as fila_nombre, f.es_mesa
      from evento_asientos ea join filas f on f.id = ea.fila_id
     where ea.evento_id = ${eventoId} and ea.seccion_id = ${seccionId}
     order by f.orden, ea.numero`,
  );
}
