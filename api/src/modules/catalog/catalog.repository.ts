import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { scalarText } from '../../db/scalar-text';
import {
  artistas,
  bloques,
  eventoAsientos,
  filas,
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

/** Upcoming events shown on the web, soonest first, as the JSON text of an Evento[]. */
export async function listEventosWebJson(db: DbOrTx): Promise<string> {
  // listado_json is kept by triggers (migration 0003): one indexed table, no joins, no JSON
  // building per request; the text goes to the client untouched.
  const json = await scalarText(
    db,
    'catalog_eventos_web_json',
    `select '[' || coalesce(string_agg(listado_json, ',' order by fecha, id), '') || ']'
       from eventos where mostrar_web and fecha >= now()`,
  );
  return json ?? '[]';
}

/** Same listing as rows (used where a JS value is needed). */
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
      .select({ id: categoriasEvento.id, nombre: categoriasEvento.nombre, color: categoriasEvento.color, cargoPorCategoriaBps: categoriasEvento.cargoPorCategoriaBps })
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

/**
 * Every seat of one section of an event with its live state ('held' = a hold that has not
 * expired), read in (fila, numero) order straight from the seat-map index.
 */
export async function listAsientosSeccion(db: DbOrTx, eventoId: number, seccionId: number) {
  return prepared(db, 'catalog_asientos_seccion', () =>
    db
      .select({
        id: eventoAsientos.id,
        numero: eventoAsientos.numero,
        estado: eventoAsientos.estado,
        held: sql<boolean>`coalesce(${eventoAsientos.holdExpiresAt} > now(), false)`,
        precio: eventoAsientos.precio,
        categoriaEventoId: eventoAsientos.categoriaEventoId,
        filaId: eventoAsientos.filaId,
      })
      .from(eventoAsientos)
      .where(and(eq(eventoAsientos.eventoId, sql.placeholder('eventoId')), eq(eventoAsientos.seccionId, sql.placeholder('seccionId'))))
      .orderBy(asc(eventoAsientos.eventoId), asc(eventoAsientos.seccionId), asc(eventoAsientos.filaId), asc(eventoAsientos.numero))
      .prepare('catalog_asientos_seccion'),
  ).execute({ eventoId, seccionId });
}


/**
 * The `filas` array of filas_por_seccion as JSON text, built by the database (a 5,000-seat
 * section is ~560 KB: parsing and re-serialising it in JS dominated the request). Seats with a
 * live hold are served as 'reservado'; rows without seats on this event are left out.
 */
export async function listFilasJson(
  db: DbOrTx,
  p: { eventoId: number; seccionId: number; udt: number; uds: number; iva: number; orientacionFilas: string },
): Promise<string> {
  const rows = await prepared(db, 'catalog_filas_json', () =>
    db
      .select({
        // Compact JSON by concatenation (json_build_object pads every ' : ' and ', ', +18 % bytes
        // on a 5,000-seat map); strings go through to_json() for escaping, numbers are integers.
        json: sql<string>`'[' || coalesce(string_agg(
          '{"id":' || f.id || ',"nombre":' || to_json(f.nombre)::text || ',"asientos":[' || s.asientos || ']'
          || ',"udt":' || ${sql.placeholder('udt')}::int || ',"uds":' || ${sql.placeholder('uds')}::int || ',"iva":' || ${sql.placeholder('iva')}::int
          || ',"orientacionFilas":' || to_json(${sql.placeholder('orientacionFilas')}::text)::text || ',"esMesa":' || f.es_mesa::text || '}',
          ',' order by f.orden, f.id), '') || ']'`,
      })
      .from(
        sql`filas f cross join lateral (
          select string_agg(
                   '{"id":' || ea.id || ',"numero":' || ea.numero
                   || ',"estado":"' || (case when ea.estado = 'disponible' and ea.hold_expires_at > now() then 'reservado' else ea.estado end)
                   || '","precio":' || ea.precio || ',"categoria":' || to_json(ce.nombre)::text || ',"color":' || to_json(ce.color)::text
                   || ',"fila":' || to_json(f.nombre)::text || '}',
                   ',' order by ea.numero) as asientos
            from evento_asientos ea join categorias_evento ce on ce.id = ea.categoria_evento_id
           where ea.evento_id = ${sql.placeholder('eventoId')} and ea.seccion_id = f.seccion_id and ea.fila_id = f.id) s`,
      )
      .where(sql`f.seccion_id = ${sql.placeholder('seccionId')} and s.asientos is not null`)
      .prepare('catalog_filas_json'),
  ).execute(p);
  return rows[0]?.json ?? '[]';
}

/** Distinct prices > 0 per category among a section's seats on sale or sold. */
export async function listPreciosSeccion(db: DbOrTx, eventoId: number, seccionId: number) {
  return prepared(db, 'catalog_precios_seccion', () =>
    db
      .select({ categoriaEventoId: eventoAsientos.categoriaEventoId, precio: eventoAsientos.precio })
      .from(eventoAsientos)
      .where(
        sql`${eventoAsientos.eventoId} = ${sql.placeholder('eventoId')} and ${eventoAsientos.seccionId} = ${sql.placeholder('seccionId')}
            and ${eventoAsientos.precio} > 0 and ${eventoAsientos.estado} in ('disponible', 'vendido', 'ocupado')`,
      )
      .groupBy(eventoAsientos.categoriaEventoId, eventoAsientos.precio)
      .prepare('catalog_precios_seccion'),
  ).execute({ eventoId, seccionId });
}
