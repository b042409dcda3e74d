import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { queryRows } from '../../db/rows';
import { categoriasEvento, eventoSecciones, eventos } from '../../db/schema/events';
import type { eventoAsientos } from '../../db/schema/inventory';
import { artistas, categorias, ciudades } from '../../db/schema/places';
import { bloques, filas, recintos, secciones } from '../../db/schema/venues';

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
  precioDesde: eventos.precioDesde,
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
export async function listEventosWeb(db: DbOrTx) {
  return eventoQuery(db)
    .where(and(eq(eventos.mostrarWeb, true), gte(eventos.fecha, sql`now()`)))
    .orderBy(asc(eventos.fecha), asc(eventos.id));
}

/** Events by id, with the catalogue's joins, whatever their date or visibility (a buyer's purchases). */
export async function listEventosById(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return eventoQuery(db).where(inArray(eventos.id, ids));
}

export async function findEvento(db: DbOrTx, id: number): Promise<(EventoRow & { svg: string }) | undefined> {
  const rows = await prepared(db, 'catalog_evento', () =>
    db
      .select({ ...eventoColumns, svg: recintos.svg })
      .from(eventos)
      .innerJoin(categorias, eq(categorias.id, eventos.categoriaId))
      .innerJoin(artistas, eq(artistas.id, eventos.artistaId))
      .innerJoin(recintos, eq(recintos.id, eventos.recintoId))
      .innerJoin(ciudades, eq(ciudades.id, recintos.ciudadId))
      .where(eq(eventos.id, sql.placeholder('id')))
      .prepare('catalog_evento'),
  ).execute({ id });
  return rows[0];
}

/** Fee settings of an event (for rows) without the joins. */
export async function findEventoRates(db: DbOrTx, id: number) {
  const rows = await prepared(db, 'catalog_evento_rates', () =>
    db
      .select({
        id: eventos.id,
        usoDeTarjetaBps: eventos.usoDeTarjetaBps,
        usoDeServicioBps: eventos.usoDeServicioBps,
        ivaRateBps: eventos.ivaRateBps,
        isIvaApplied: eventos.isIvaApplied,
      })
      .from(eventos)
      .where(eq(eventos.id, sql.placeholder('id')))
      .prepare('catalog_evento_rates'),
  ).execute({ id });
  return rows[0];
}

export async function listCategorias(db: DbOrTx) {
  return prepared(db, 'catalog_categorias', () =>
    db.select({ id: categorias.id, nombre: categorias.nombre }).from(categorias).orderBy(asc(categorias.nombre)).prepare('catalog_categorias'),
  ).execute();
}

export async function listCategoriasEvento(db: DbOrTx, eventoId: number) {
  return prepared(db, 'catalog_categorias_evento', () =>
    db
      .select({
        id: categoriasEvento.id,
        nombre: categoriasEvento.nombre,
        color: categoriasEvento.color,
        cargoPorCategoriaBps: categoriasEvento.cargoPorCategoriaBps,
      })
      .from(categoriasEvento)
      .where(eq(categoriasEvento.eventoId, sql.placeholder('eventoId')))
      .orderBy(asc(categoriasEvento.orden), asc(categoriasEvento.id))
      .prepare('catalog_categorias_evento'),
  ).execute({ eventoId });
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
  const rows = await prepared(db, 'catalog_seccion_evento', () =>
    db
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
      .where(and(eq(eventoSecciones.eventoId, sql.placeholder('eventoId')), eq(eventoSecciones.seccionId, sql.placeholder('seccionId'))))
      .prepare('catalog_seccion_evento'),
  ).execute({ eventoId, seccionId });
  return rows[0];
}

/** Rows of one section in layout order. */
export async function listFilasSeccion(db: DbOrTx, seccionId: number) {
  return prepared(db, 'catalog_filas_seccion', () =>
    db
      .select({ id: filas.id, nombre: filas.nombre, esMesa: filas.esMesa })
      .from(filas)
      .where(eq(filas.seccionId, sql.placeholder('seccionId')))
      .orderBy(asc(filas.orden), asc(filas.id))
      .prepare('catalog_filas_seccion'),
  ).execute({ seccionId });
}

export type AsientoRow = Pick<typeof eventoAsientos.$inferSelect, 'id' | 'numero' | 'estado' | 'precio' | 'categoriaEventoId' | 'filaId' | 'accesibilidad'> & {
  /** A hold that has not expired. */
  held: boolean;
};

/**
 * Every seat of one section of an event with its live state, read in (fila, numero) order
 * straight from the seat-map index. Plain SQL through the driver: on a 5,000-seat section the
 * query builder's per-column row mapping took a sixth of the request.
 */
export async function listAsientosSeccion(db: DbOrTx, eventoId: number, seccionId: number): Promise<AsientoRow[]> {
  return queryRows<AsientoRow>(
    db,
    sql`select id, numero, estado, coalesce(hold_expires_at > now(), false) as held, precio,
               categoria_evento_id as "categoriaEventoId", fila_id as "filaId", accesibilidad
          from evento_asientos
         where evento_id = ${eventoId} and seccion_id = ${seccionId}
         order by evento_id, seccion_id, fila_id, numero`,
  );
}

/** What an event's generated poster shows: its artist, venue and city (undefined: no such event). */
export async function findPosterEvento(db: DbOrTx, eventoId: number): Promise<{ artista: string; recinto: string; ciudad: string } | undefined> {
  const [row] = await db
    .select({ artista: artistas.nombre, recinto: recintos.nombre, ciudad: ciudades.nombre })
    .from(eventos)
    .innerJoin(artistas, eq(artistas.id, eventos.artistaId))
    .innerJoin(recintos, eq(recintos.id, eventos.recintoId))
    .innerJoin(ciudades, eq(ciudades.id, recintos.ciudadId))
    .where(eq(eventos.id, eventoId));
  return row;
}
