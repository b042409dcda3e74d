import { and, eq, gt, inArray, min, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { categoriasEvento, eventoSecciones, eventos } from '../db/schema/events';
import { eventoAsientos, eventoLugaresGenerales } from '../db/schema/inventory';
import { artistas, categorias, ciudades } from '../db/schema/places';
import { promocionCategorias, promociones } from '../db/schema/promotions';
import { asientos, bloques, filas, recintos, secciones } from '../db/schema/venues';
import { DomainError } from '../lib/errors';
import type { EventoImport } from './definition';

export interface ImportResult {
  eventoId: number;
  recintoId: number;
  recintoNuevo: boolean;
  asientos: number;
  lugaresGenerales: number;
}

/** Loads one validated event definition in a single transaction: all or nothing. */
export async function importEvento(db: Db, def: EventoImport): Promise<ImportResult> {
  return db.transaction(async (tx) => importInTx(tx, def));
}

async function upsertByNombre(tx: DbOrTx, table: typeof categorias | typeof artistas, nombre: string): Promise<number> {
  const existing = await tx.select({ id: table.id }).from(table).where(eq(table.nombre, nombre));
  if (existing[0]) return existing[0].id;
  const [row] = await tx.insert(table).values({ nombre }).returning({ id: table.id });
  return row!.id;
}

async function ciudadId(tx: DbOrTx, nombre: string, estado: string): Promise<number> {
  const existing = await tx.select({ id: ciudades.id }).from(ciudades).where(eq(ciudades.nombre, nombre));
  if (existing[0]) return existing[0].id;
  const [row] = await tx.insert(ciudades).values({ nombre, estado }).returning({ id: ciudades.id });
  return row!.id;
}

/** Adds data-seccion-id / id attributes to each section element of the source SVG. */
function bindSvgSections(svg: string, ids: Map<string, number>): string {
  return svg.replace(/<[^>]*\bdata-seccion="([^"]*)"[^>]*>/g, (tag, clave: string) => {
    const id = ids.get(clave);
    if (id === undefined) return tag;
    const withoutOld = tag.replace(/\sdata-seccion-id="[^"]*"/, '');
    const idAttr = /\sid="/.test(withoutOld) ? '' : ` id="seccion-${id}"`;
    return withoutOld.replace(`data-seccion="${clave}"`, `data-seccion="${clave}" data-seccion-id="${id}"${idAttr}`);
  });
}

/** Creates the venue structure, or reuses an existing venue of the same name and city. */
async function ensureRecinto(tx: DbOrTx, def: EventoImport): Promise<{ recintoId: number; nuevo: boolean; seccionIds: Map<string, number> }> {
  const r = def.recinto;
  const cId = await ciudadId(tx, r.ciudad, r.estado);
  const [existing] = await tx
    .select({ id: recintos.id })
    .from(recintos)
    .where(and(eq(recintos.nombre, r.nombre), eq(recintos.ciudadId, cId)));
  if (existing) {
    const rows = await tx.select({ id: secciones.id, clave: secciones.clave }).from(secciones).where(eq(secciones.recintoId, existing.id));
    const seccionIds = new Map(rows.map((s) => [s.clave, s.id]));
    const missing = r.secciones.filter((s) => !seccionIds.has(s.clave)).map((s) => s.clave);
    if (missing.length || seccionIds.size !== r.secciones.length) {
      throw new DomainError(
        'IMPORT_RECINTO_DISTINTO',
        `El recinto '${r.nombre}' ya existe con otras secciones; usa otro nombre o las mismas claves.`,
        missing.map((m) => `recinto.secciones: la sección '${m}' no existe en el recinto guardado`),
      );
    }
    return { recintoId: existing.id, nuevo: false, seccionIds };
  }

  const [recinto] = await tx.insert(recintos).values({ nombre: r.nombre, direccion: r.direccion, ciudadId: cId, svg: '' }).returning({ id: recintos.id });
  const recintoId = recinto!.id;

  const bloqueNombres = [...new Set(r.secciones.map((s) => s.bloque))];
  const bloqueRows = await tx
    .insert(bloques)
    .values(bloqueNombres.map((nombre, orden) => ({ recintoId, nombre, orden })))
    .returning({ id: bloques.id, nombre: bloques.nombre });
  const bloqueIds = new Map(bloqueRows.map((b) => [b.nombre, b.id]));

  const seccionRows = await tx
    .insert(secciones)
    .values(
      r.secciones.map((s, orden) => ({
        recintoId,
        bloqueId: bloqueIds.get(s.bloque)!,
        clave: s.clave,
        nombre: s.nombre,
        tipo: s.tipo,
        nombreEspecial: s.nombreEspecial,
        seccionAdicional: s.seccionAdicional,
        colores: s.colores,
        udsBps: s.uds,
        orientacionFilas: s.orientacionFilas,
        orden,
        rango: s.rango,
      })),
    )
    .returning({ id: secciones.id, clave: secciones.clave });
  const seccionIds = new Map(seccionRows.map((s) => [s.clave, s.id]));

  const filaValues = r.secciones.flatMap((s) =>
    (s.filas ?? []).map((f, orden) => ({ seccionId: seccionIds.get(s.clave)!, nombre: f.nombre, orden, esMesa: f.esMesa || s.tipo === 'mesa', zona: f.zona })),
  );
  if (filaValues.length) {
    const filaRows = await tx.insert(filas).values(filaValues).returning({ id: filas.id, seccionId: filas.seccionId, nombre: filas.nombre });
    const filaId = new Map(filaRows.map((f) => [`${f.seccionId}/${f.nombre}`, f.id]));
    // All seats of the venue in one statement: (fila, first, count) → generate_series.
    const spans = r.secciones.flatMap((s) =>
      (s.filas ?? []).map((f) => sql`(${filaId.get(`${seccionIds.get(s.clave)}/${f.nombre}`)!}::int, ${f.primerNumero}::int, ${f.asientos}::int)`),
    );
    for (let i = 0; i < spans.length; i += 500) {
      await tx.execute(sql`
        insert into ${asientos} (fila_id, numero)
        select v.fila_id, gs.n from (values ${sql.join(spans.slice(i, i + 500), sql`, `)}) as v(fila_id, primero, cuantos)
        cross join lateral generate_series(v.primero, v.primero + v.cuantos - 1) as gs(n)`);
    }
    // Wheelchair places and their companion seats.
    for (const s of r.secciones) {
      for (const f of s.filas ?? []) {
        const fila = filaId.get(`${seccionIds.get(s.clave)}/${f.nombre}`)!;
        for (const [accesibilidad, numeros] of [
          ['silla_de_ruedas', f.sillasDeRuedas],
          ['acompanante', f.acompanantes],
        ] as const) {
          if (numeros.length === 0) continue;
          await tx
            .update(asientos)
            .set({ accesibilidad })
            .where(and(eq(asientos.filaId, fila), inArray(asientos.numero, numeros)));
        }
      }
    }
  }

  await tx
    .update(recintos)
    .set({ svg: bindSvgSections(r.svg, seccionIds) })
    .where(eq(recintos.id, recintoId));
  return { recintoId, nuevo: true, seccionIds };
}

async function importInTx(tx: DbOrTx, def: EventoImport): Promise<ImportResult> {
  const e = def.evento;
  const { recintoId, nuevo, seccionIds } = await ensureRecinto(tx, def);
  const [evento] = await tx
    .insert(eventos)
    .values({
      nombre: e.nombre,
      descripcion: e.descripcion,
      fecha: new Date(e.fecha),
      zonaHoraria: e.zonaHoraria,
      imagenBanner: e.imagenBanner,
      imagenPromocion: e.imagenPromocion,
      categoriaId: await upsertByNombre(tx, categorias, e.categoria),
      artistaId: await upsertByNombre(tx, artistas, e.artista),
      recintoId,
      mostrarWeb: e.mostrarWeb,
      limiteDeAsientos: e.limiteDeAsientos,
      usoDeTarjetaBps: e.usoDeTarjeta,
      usoDeServicioBps: e.usoDeServicio,
      ivaRateBps: e.ivaRate,
      isIvaApplied: e.isIvaApplied,
      udsPorCategoria: e.udsPorCategoria,
      permitirAsientoSolo: e.permitirAsientoSolo,
    })
    .returning({ id: eventos.id });
  const eventoId = evento!.id;
  // Image URLs may name the event's own id ('{id}'), e.g. the generated /media poster.
  if (e.imagenBanner?.includes('{id}') || e.imagenPromocion?.includes('{id}')) {
    await tx
      .update(eventos)
      .set({
        imagenBanner: e.imagenBanner?.replaceAll('{id}', String(eventoId)) ?? null,
        imagenPromocion: e.imagenPromocion?.replaceAll('{id}', String(eventoId)) ?? null,
      })
      .where(eq(eventos.id, eventoId));
  }

  const catRows = await tx
    .insert(categoriasEvento)
    .values(def.categorias.map((c, orden) => ({ eventoId, nombre: c.nombre, color: c.color, cargoPorCategoriaBps: c.cargoPorCategoria, orden })))
    .returning({ id: categoriasEvento.id, nombre: categoriasEvento.nombre });
  const catIds = new Map(catRows.map((c) => [c.nombre, c.id]));

  // Per-event section rows; general ones carry price, category and capacity.
  const esRows = await tx
    .insert(eventoSecciones)
    .values(
      def.recinto.secciones.map((s) => ({
        eventoId,
        seccionId: seccionIds.get(s.clave)!,
        categoriaEventoId: s.tipo === 'general' && s.categoria ? catIds.get(s.categoria)! : null,
        precioEspecial: s.tipo === 'general' ? (s.precio ?? 0) : 0,
        capacidad: s.tipo === 'general' ? (s.capacidad ?? 0) : (s.filas ?? []).reduce((n, f) => n + f.asientos, 0),
      })),
    )
    .returning({ id: eventoSecciones.id, seccionId: eventoSecciones.seccionId, capacidad: eventoSecciones.capacidad });
  const esBySeccion = new Map(esRows.map((r) => [r.seccionId, r]));

  // Seat inventory: one INSERT … SELECT over the venue's seats, priced by row zone with per-section overrides.
  const basePrices = sql.join(
    def.categorias.map((c) => sql`(${c.nombre}::text, ${catIds.get(c.nombre)!}::int, ${c.precio}::int)`),
    sql`, `,
  );
  const overrides = def.precios.length
    ? sql.join(
        def.precios.map((p) => sql`(${seccionIds.get(p.seccion)!}::int, ${p.categoria}::text, ${p.precio}::int)`),
        sql`, `,
      )
    : sql`(null::int, null::text, null::int)`;
  await tx.execute(sql`
    insert into evento_asientos (evento_id, asiento_id, seccion_id, fila_id, numero, categoria_evento_id, precio, accesibilidad)
    select ${eventoId}::int, a.id, f.seccion_id, f.id, a.numero, p.cat_id, coalesce(o.precio, p.precio), a.accesibilidad
    from asientos a
    join filas f on f.id = a.fila_id
    join secciones s on s.id = f.seccion_id
    join (values ${basePrices}) as p(zona, cat_id, precio) on p.zona = f.zona
    left join (values ${overrides}) as o(seccion_id, zona, precio) on o.seccion_id = f.seccion_id and o.zona = f.zona
    where s.recinto_id = ${recintoId}::int`);

  // General admission places: one row per place.
  let lugaresGenerales = 0;
  for (const s of def.recinto.secciones.filter((x) => x.tipo === 'general')) {
    const es = esBySeccion.get(seccionIds.get(s.clave)!)!;
    lugaresGenerales += es.capacidad;
    // The builder's insert … select must name every column of the table (the identity and the defaults too).
    await tx.execute(sql`
      insert into ${eventoLugaresGenerales} (evento_seccion_id, evento_id, seccion_id)
      select ${es.id}::int, ${eventoId}::int, ${es.seccionId}::int from generate_series(1, ${es.capacidad}::int)`);
  }

  for (const a of def.asientosEspeciales) {
    await tx
      .update(eventoAsientos)
      .set({ estado: a.estado })
      .from(asientos)
      .innerJoin(filas, eq(filas.id, asientos.filaId))
      .where(
        and(
          eq(eventoAsientos.asientoId, asientos.id),
          eq(eventoAsientos.eventoId, eventoId),
          eq(filas.seccionId, seccionIds.get(a.seccion)!),
          eq(filas.nombre, a.fila),
          inArray(
            asientos.numero,
            a.numeros.map((n) => Math.trunc(n)),
          ),
        ),
      );
  }

  for (const p of def.promociones) {
    const [promo] = await tx
      .insert(promociones)
      .values({
        eventoId,
        nombre: p.nombre,
        tipo: p.tipo,
        porcentajeBps: p.tipo === 'PORCENTAJE' ? (p.porcentaje ?? null) : null,
        cantidadCompra: p.tipo === 'CANTIDAD' ? (p.cantidadCompra ?? null) : null,
        cantidadPaga: p.tipo === 'CANTIDAD' ? (p.cantidadPaga ?? null) : null,
        aplicaTodoEvento: p.categorias.length === 0,
        automatica: p.automatica,
        clave: p.clave,
        limiteUsos: p.limiteUsos ?? null,
      })
      .returning({ id: promociones.id });
    if (p.categorias.length) {
      await tx
        .insert(promocionCategorias)
        .values(
          p.categorias.map((c) =>
            c.startsWith('seccion:')
              ? { promocionId: promo!.id, eventoSeccionId: esBySeccion.get(seccionIds.get(c.slice(8))!)!.id }
              : { promocionId: promo!.id, categoriaEventoId: catIds.get(c)! },
          ),
        );
    }
  }

  const desdeAsientos = tx
    .select({ precio: min(eventoAsientos.precio) })
    .from(eventoAsientos)
    .where(and(eq(eventoAsientos.eventoId, eventoId), gt(eventoAsientos.precio, 0)));
  const desdeGenerales = tx
    .select({ precio: min(eventoSecciones.precioEspecial) })
    .from(eventoSecciones)
    .where(and(eq(eventoSecciones.eventoId, eventoId), gt(eventoSecciones.precioEspecial, 0), gt(eventoSecciones.capacidad, 0)));
  await tx
    .update(eventos)
    .set({ precioDesde: sql`least((${desdeAsientos}), (${desdeGenerales}))` })
    .where(eq(eventos.id, eventoId));

  const asientosDelEvento = await tx.$count(eventoAsientos, eq(eventoAsientos.eventoId, eventoId));
  // Reused venue: rows must still carry zones the event prices, else seats would be missing.
  if (!nuevo) {
    const expected = def.recinto.secciones.reduce((n, s) => n + (s.filas ?? []).reduce((m, f) => m + f.asientos, 0), 0);
    if (asientosDelEvento !== expected) {
      throw new DomainError('IMPORT_RECINTO_DISTINTO', `El recinto '${def.recinto.nombre}' ya existe con otra distribución de asientos.`);
    }
  }
  return { eventoId, recintoId, recintoNuevo: nuevo, asientos: asientosDelEvento, lugaresGenerales };
}
