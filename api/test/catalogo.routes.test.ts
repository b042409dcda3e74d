import {
  categoriasResponseSchema,
  detalleSeccionResponseSchema,
  eventoDetalleSchema,
  eventosGetAllResponseSchema,
  filasPorSeccionResponseSchema,
} from '@taquilla/shared/schemas/catalogo';
import { apiErrorSchema } from '@taquilla/shared/schemas/common';
import { sql } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { getEventosWeb, getFilasPorSeccion } from '../src/modules/catalogo/catalogo.service';
import { readSeccionVersion } from '../src/modules/reservas/reservas.repository';
import { buildTestApp, type TestApp } from './support/app';

let t: TestApp;
let hidden: { id: number };
let stadium: { eventoId: number; seccionId: number; seats: number };

beforeAll(async () => {
  t = await buildTestApp();
  [hidden] = (await queryRows<{ id: number }>(t.database.db, sql`select id from eventos where not mostrar_web limit 1`)) as [{ id: number }];
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

  it('is the TypeScript DTO mapping, serialised by the declared schema with nothing lost or reordered', async () => {
    const res = await t.request('/api/v1/eventos/get_all');
    expect(res.body).toBe(JSON.stringify(await getEventosWeb(t.database.db)));
  });

  it('follows every catalogue change: the event itself and the names it shows', async () => {
    const listed = async () => eventosGetAllResponseSchema.parse((await t.request('/api/v1/eventos/get_all')).json()).eventosFiltrados;
    const before = (await listed())[0]!;
    await t.database.db.execute(sql`update artistas set nombre = 'Artista Renombrado' where nombre = ${before.artista.nombre}`);
    await t.database.db.execute(sql`update ciudades set nombre = 'Ciudad Renombrada' where nombre = ${before.ciudad.nombre}`);
    await t.database.db.execute(sql`update eventos set limite_de_asientos = 4 where id = ${before.id}`);
    // Each process hears the change from PostgreSQL (LISTEN), a moment after the commit.
    await expect
      .poll(async () => (await listed()).find((e) => e.id === before.id), { timeout: 2_000 })
      .toMatchObject({
        artista: { nombre: 'Artista Renombrado' },
        ciudad: { nombre: 'Ciudad Renombrada' },
        limiteDeAsientos: 4,
      });
    await t.database.db.execute(sql`update eventos set mostrar_web = false where id = ${before.id}`);
    await expect.poll(async () => (await listed()).some((e) => e.id === before.id), { timeout: 2_000 }).toBe(false);
    await t.database.db.execute(sql`update eventos set mostrar_web = true where id = ${before.id}`);
    await expect.poll(async () => (await listed()).some((e) => e.id === before.id), { timeout: 2_000 }).toBe(true);
  });

  it('a change written outside the API reaches every API process on the database', async () => {
    const other = await buildTestApp({ database: t.database });
    try {
      const inOther = async () => eventosGetAllResponseSchema.parse((await other.request('/api/v1/eventos/get_all')).json()).eventosFiltrados;
      const inFirst = async () => eventosGetAllResponseSchema.parse((await t.request('/api/v1/eventos/get_all')).json()).eventosFiltrados;
      const target = (await inOther())[1]!;
      expect((await inFirst()).find((e) => e.id === target.id)?.nombre).toBe(target.nombre);
      await t.database.db.execute(sql`update eventos set nombre = 'Función Renombrada' where id = ${target.id}`);
      await expect.poll(async () => (await inOther()).find((e) => e.id === target.id)?.nombre, { timeout: 2_000 }).toBe('Función Renombrada');
      await expect.poll(async () => (await inFirst()).find((e) => e.id === target.id)?.nombre, { timeout: 2_000 }).toBe('Función Renombrada');
    } finally {
      await other.close();
    }
  });

  it('is compressed for a client that accepts brotli or gzip, with the same ETag as the plain answer', async () => {
    const plain = await t.request('/api/v1/eventos/get_all');
    const br = await t.request({ url: '/api/v1/eventos/get_all', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.request({ url: '/api/v1/eventos/get_all', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect([br.headers.etag, gz.headers.etag]).toEqual([plain.headers.etag, plain.headers.etag]);
  });

  it('answers 304 to a repeat while the listing is unchanged, and a new ETag after a change', async () => {
    const first = await t.request('/api/v1/eventos/get_all');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.request({ url: '/api/v1/eventos/get_all', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const id = eventosGetAllResponseSchema.parse(first.json()).eventosFiltrados[2]!.id;
    await t.database.db.execute(sql`update eventos set descripcion = descripcion || ' (nueva fecha)' where id = ${id}`);
    await expect
      .poll(async () => (await t.request({ url: '/api/v1/eventos/get_all', headers: { 'if-none-match': etag } })).statusCode, { timeout: 2_000 })
      .toBe(200);
  });

  it('drops an event when it starts, with no write to the catalogue', async () => {
    const listed = async () => eventosGetAllResponseSchema.parse((await t.request('/api/v1/eventos/get_all')).json()).eventosFiltrados;
    const id = (await listed()).at(-1)!.id;
    const [{ fecha }] = (await queryRows<{ fecha: string }>(
      t.database.db,
      sql`update eventos set fecha = now() + interval '1.5 seconds' where id = ${id} returning fecha::text as fecha`,
    )) as [{ fecha: string }];
    await expect.poll(async () => (await listed())[0]?.id, { timeout: 1_000 }).toBe(id);
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(fecha) - Date.now()) + 50));
    expect((await listed()).some((e) => e.id === id)).toBe(false);
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

  it('is the TypeScript DTO mapping, serialised by the declared schema with nothing lost or reordered', async () => {
    const res = await t.request(`/api/v1/eventos/${stadium.eventoId}/${stadium.seccionId}/filas_por_seccion`);
    const version = await readSeccionVersion(t.database.db, stadium.eventoId, stadium.seccionId);
    expect(res.body).toBe(JSON.stringify({ ...(await getFilasPorSeccion(t.database.db, stadium.eventoId, stadium.seccionId)), version }));
  });

  it('follows every announced seat change (the snapshot is rebuilt from the database)', async () => {
    const path = `/api/v1/eventos/${stadium.eventoId}/${stadium.seccionId}/filas_por_seccion`;
    const seat = (await t.request(path)).json().filas[0].asientos.find((a: { estado: string }) => a.estado === 'disponible');
    const estadoOf = async () =>
      filasPorSeccionResponseSchema
        .parse((await t.request(path)).json())
        .filas.flatMap((f) => f.asientos)
        .find((a) => a.id === seat.id)!.estado;
    const announce = () => t.app.disponibilidad.publisher.queue({ asientos: [seat.id] });
    await t.database.db.execute(sql`update evento_asientos set hold_expires_at = now() + interval '1 minute' where id = ${seat.id}`);
    announce();
    await expect.poll(estadoOf, { timeout: 5_000 }).toBe('reservado');
    await t.database.db.execute(sql`update evento_asientos set estado = 'vendido', hold_expires_at = null where id = ${seat.id}`);
    announce();
    await expect.poll(estadoOf, { timeout: 5_000 }).toBe('vendido');
    await t.database.db.execute(sql`update evento_asientos set estado = 'disponible' where id = ${seat.id}`);
    announce();
    await expect.poll(estadoOf, { timeout: 5_000 }).toBe('disponible');
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
