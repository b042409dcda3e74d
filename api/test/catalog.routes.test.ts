import {
  categoriasResponseSchema,
  detalleSeccionResponseSchema,
  eventoDetalleSchema,
  eventosGetAllResponseSchema,
  filasPorSeccionResponseSchema,
} from '@taquilla/shared/schemas/catalog';
import { apiErrorSchema } from '@taquilla/shared/schemas/common';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { getEventosWeb, getEventosWebJson, getFilasPorSeccion, getFilasPorSeccionJson } from '../src/modules/catalog/catalog.service';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
let hidden: { id: number };
let stadium: { eventoId: number; seccionId: number; seats: number };

beforeAll(async () => {
  t = await buildTestApp();
  [hidden] = await queryRows<{ id: number }>(t.database.db, sql`select id from eventos where not mostrar_web limit 1`) as [{ id: number }];
  const [big] = await queryRows<{ evento_id: number; seccion_id: number; n: number }>(
    t.database.db,
    sql`select evento_id, seccion_id, count(*)::int as n from evento_asientos ea join eventos e on e.id = ea.evento_id
          join secciones s on s.id = ea.seccion_id
        where e.fecha > now() and s.nombre = 'Cabecera Norte' group by evento_id, seccion_id limit 1`,
  );
  stadium = { eventoId: big!.evento_id, seccionId: big!.seccion_id, seats: big!.n };
});
afterAll(async () => t?.close());

describe('GET /eventos/get_all', () => {
  it('lists upcoming web events, soonest first, in the shared schema', async () => {
    const res = await t.request('/api/v1/eventos/get_all?tipoDispositivo=web');
    expect(res.statusCode).toBe(200);
    const body = eventosGetAllResponseSchema.parse(res.json());
    expect(body.eventosFiltrados.length).toBeGreaterThanOrEqual(10);
    const fechas = body.eventosFiltrados.map((e) => Date.parse(e.fecha));
    expect(fechas).toEqual([...fechas].sort((a, b) => a - b));
    expect(fechas.every((f) => f >= Date.now() - 60_000)).toBe(true);
    expect(body.eventosFiltrados.every((e) => e.mostrarWeb)).toBe(true);
    expect(body.eventosFiltrados.some((e) => e.id === hidden.id)).toBe(false);
    const first = body.eventosFiltrados[0]!;
    expect(first.recinto.nombre).toBeTruthy();
    expect(first.ciudad.nombre).toBeTruthy();
    expect(first.zonaHoraria).toMatch(/^America\//);
    expect(new Set(body.eventosFiltrados.map((e) => e.categoria.nombre))).toEqual(new Set(['Conciertos', 'Deportes', 'Teatro', 'Arte', 'Conferencias']));
    expect(JSON.stringify(body)).not.toContain('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000');
  });

  it('the database-built JSON equals the DTO mapping of the same rows', async () => {
    // Byte for byte: the SQL-built text is exactly JSON.stringify of the TypeScript mapping.
    expect(await getEventosWebJson(t.database.db)).toBe(JSON.stringify(await getEventosWeb(t.database.db)));
  });

  it('follows renames of the names it shows (trigger-kept listing)', async () => {
    const before = eventosGetAllResponseSchema.parse((await t.request('/api/v1/eventos/get_all')).json()).eventosFiltrados[0]!;
    await t.database.db.execute(sql`update artistas set nombre = 'Artista Renombrado' where nombre = ${before.artista.nombre}`);
    await t.database.db.execute(sql`update ciudades set nombre = 'Ciudad Renombrada' where nombre = ${before.ciudad.nombre}`);
    await t.database.db.execute(sql`update eventos set limite_de_asientos = 4 where id = ${before.id}`);
    const after = eventosGetAllResponseSchema.parse((await t.request('/api/v1/eventos/get_all')).json()).eventosFiltrados.find((e) => e.id === before.id)!;
    expect(after.artista.nombre).toBe('Artista Renombrado');
    expect(after.ciudad.nombre).toBe('Ciudad Renombrada');
    expect(after.limiteDeAsientos).toBe(4);
    expect(await getEventosWebJson(t.database.db)).toBe(JSON.stringify(await getEventosWeb(t.database.db)));
  });

  it('works without the query and refuses an unknown device type', async () => {
    expect((await t.request('/api/v1/eventos/get_all')).statusCode).toBe(200);
    const bad = await t.request('/api/v1/eventos/get_all?tipoDispositivo=tv');
    expect(bad.statusCode).toBe(400);
    const err = apiErrorSchema.parse(bad.json());
    expect(Array.isArray(err.message)).toBe(true);
  });
});

describe('GET /categorias/get_all', () => {
  it('returns the five event types', async () => {
    const res = await t.request('/api/v1/categorias/get_all');
    const body = categoriasResponseSchema.parse(res.json());
    expect(body.categorias.map((c) => c.nombre).sort()).toEqual(['Arte', 'Conciertos', 'Conferencias', 'Deportes', 'Teatro']);
  });
});

describe('GET /eventos/:id/detalle', () => {
  it('returns fees, limits and the venue SVG with addressable sections', async () => {
    const list = eventosGetAllResponseSchema.parse((await t.request('/api/v1/eventos/get_all')).json());
    const id = list.eventosFiltrados[0]!.id;
    const body = eventoDetalleSchema.parse((await t.request(`/api/v1/eventos/${id}/detalle`)).json());
    expect(body.recinto.svg.startsWith('<svg')).toBe(true);
    expect(body.recinto.svg).toMatch(/data-seccion-id="\d+"/);
    expect(body.limiteDeAsientos).toBeGreaterThan(0);
  });

  it('answers a hidden event with mostrarWeb false', async () => {
    const res = await t.request(`/api/v1/eventos/${hidden.id}/detalle`);
    expect(res.statusCode).toBe(200);
    expect(eventoDetalleSchema.parse(res.json()).mostrarWeb).toBe(false);
  });
});

describe('GET /eventos/:id/detalle_seccion/false/web', () => {
  it('lists sections with availability per category and price categories', async () => {
    const res = await t.request(`/api/v1/eventos/${stadium.eventoId}/detalle_seccion/false/web`);
    const body = detalleSeccionResponseSchema.parse(res.json());
    const big = body.secciones.find((s) => s.id === stadium.seccionId)!;
    expect(big.capacidad).toBe(stadium.seats);
    expect(big.asientosDisponibles).toBe(big.disponiblesPorCategoria.reduce((n, c) => n + c.disponibles, 0));
    expect(big.asientosDisponibles).toBeLessThan(big.capacidad); // some seats are blocked / inaccessible
    const general = body.secciones.find((s) => s.tipo_seccion === 'general')!;
    expect(general.precioSeccion).toBeGreaterThan(0);
    expect(general.asientosDisponibles).toBe(general.capacidad);
    for (const pc of body.preciosCategorias) {
      expect(pc.precios.length).toBeGreaterThan(0);
      expect(pc.precios).toEqual([...pc.precios].sort((a, b) => b - a));
    }
    // Each category's service fee, as filas_por_seccion gives it (the chips' all-in prices).
    const filas = filasPorSeccionResponseSchema.parse((await t.request(`/api/v1/eventos/${stadium.eventoId}/${stadium.seccionId}/filas_por_seccion`)).json());
    expect(body.categoriasEvento).toEqual(filas.categoriasEvento);
    expect(body.categoriasEvento.map((c) => c.categoria)).toEqual(expect.arrayContaining(body.preciosCategorias.map((p) => p.categoria)));
  });
});

describe('GET /eventos/:id/:seccionId/filas_por_seccion', () => {
  it('returns every seat of the 5,000-seat section with its state', async () => {
    const res = await t.request(`/api/v1/eventos/${stadium.eventoId}/${stadium.seccionId}/filas_por_seccion`);
    expect(res.statusCode).toBe(200);
    const body = filasPorSeccionResponseSchema.parse(res.json());
    const seats = body.filas.flatMap((f) => f.asientos);
    expect(seats.length).toBe(stadium.seats);
    expect(seats.length).toBeGreaterThanOrEqual(5000);
    const estados = new Set(seats.map((s) => s.estado));
    expect(estados.has('disponible')).toBe(true);
    expect(estados.size).toBeGreaterThanOrEqual(2); // the seed blocks / reserves some seats of the big stands
    expect(body.filas[0]!.asientos.map((s) => s.numero)).toEqual([...body.filas[0]!.asientos.map((s) => s.numero)].sort((a, b) => a - b));
    expect(body.categoriasEvento.length).toBeGreaterThan(0);
    expect(body.esMesa).toBe(false);
  });

  it('the database-built JSON equals the DTO mapping of the same rows', async () => {
    // Byte for byte: the SQL-built text is exactly JSON.stringify of the TypeScript mapping.
    const fromSql = await getFilasPorSeccionJson(t.database.db, stadium.eventoId, stadium.seccionId);
    expect(fromSql).toBe(JSON.stringify(await getFilasPorSeccion(t.database.db, stadium.eventoId, stadium.seccionId)));
  });

  it('marks table sections with esMesa', async () => {
    const [mesa] = await queryRows<{ evento_id: number; seccion_id: number }>(
      t.database.db,
      sql`select es.evento_id, es.seccion_id from evento_secciones es join secciones s on s.id = es.seccion_id where s.tipo = 'mesa' limit 1`,
    );
    const body = filasPorSeccionResponseSchema.parse((await t.request(`/api/v1/eventos/${mesa!.evento_id}/${mesa!.seccion_id}/filas_por_seccion`)).json());
    expect(body.esMesa).toBe(true);
    expect(body.filas.every((f) => f.esMesa)).toBe(true);
  });

  it('404s a section that is not in the event', async () => {
    const res = await t.request(`/api/v1/eventos/${stadium.eventoId}/999999/filas_por_seccion`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('La sección no existe para este evento.');
  });
});

describe('ids and errors', () => {
  it.each([
    ['/api/v1/eventos/999999/detalle', 404],
    ['/api/v1/eventos/999999/detalle_seccion/false/web', 404],
    ['/api/v1/eventos/999999/1/filas_por_seccion', 404],
    ['/api/v1/eventos/abc/detalle', 400],
    ['/api/v1/eventos/0/detalle', 400],
    ['/api/v1/eventos/-1/detalle', 400],
    ['/api/v1/eventos/1.5/detalle', 400],
    ['/api/v1/eventos/99999999999999999999999/detalle', 400],
    ['/api/v1/eventos/2147483648/detalle', 400],
    ['/api/v1/eventos/1/abc/filas_por_seccion', 400],
    ['/api/v1/eventos/%00/detalle', 400],
    ['/api/v1/eventos/1/detalle_seccion/true/web', 404],
  ])('%s → %i with a Spanish message', async (url, status) => {
    const res = await t.request(url);
    expect(res.statusCode).toBe(status);
    const body = apiErrorSchema.parse(res.json());
    expect(body.statusCode).toBe(status);
    const text = Array.isArray(body.message) ? body.message.join('\n') : body.message;
    expect(text).toMatch(/[áéíóúñ]|El |La |no /);
  });
});
