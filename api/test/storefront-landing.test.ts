import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeSeats, pickEvento } from './support/reservas';
import { buildStorefrontApp, firstScreenOf, releaseDeclaration } from './support/storefront';

// index.html as the real app serves it: the landing page's first answers are the API's own.
let t: Awaited<ReturnType<typeof buildStorefrontApp>>;
beforeAll(async () => {
  t = await buildStorefrontApp();
});
afterAll(() => t.close());

const html = { accept: 'text/html' };
const inlined = (body: string, url: string) => {
  // The attribute as a browser reads it (`&` is written `&amp;`).
  const block = [...body.matchAll(/<script type="application\/json" data-url="([^"]+)"[^>]*>(.*?)<\/script>/g)].find(
    ([, u]) => u!.replace(/&amp;/g, '&') === url,
  );
  return block ? (JSON.parse(block[2]!) as unknown) : undefined;
};

describe('landing pages carry their first answers', () => {
  it('/eventos: the events and categories, as GET answers them', async () => {
    const page = await t.app.inject({ url: '/eventos', headers: html });
    const eventos = await t.request('/api/v1/eventos/get_all?tipoDispositivo=web');
    const categorias = await t.request('/api/v1/categorias/get_all');
    expect(eventos.json().eventosFiltrados.length).toBeGreaterThan(0);
    expect(inlined(page.body, '/api/v1/eventos/get_all?tipoDispositivo=web')).toEqual(eventos.json());
    expect(inlined(page.body, '/api/v1/categorias/get_all')).toEqual(categorias.json());
  });

  it("an event's information page: its details and sections; an unknown event inlines nothing", async () => {
    const { eventosFiltrados } = (await t.request('/api/v1/eventos/get_all?tipoDispositivo=web')).json() as { eventosFiltrados: { id: number }[] };
    const id = eventosFiltrados[0]!.id;
    const page = await t.app.inject({ url: `/eventos/informacion/${id}`, headers: html });
    expect(inlined(page.body, `/api/v1/eventos/${id}/detalle`)).toEqual((await t.request(`/api/v1/eventos/${id}/detalle`)).json());
    expect(inlined(page.body, `/api/v1/eventos/${id}/detalle_seccion/false/web`)).toEqual(
      (await t.request(`/api/v1/eventos/${id}/detalle_seccion/false/web`)).json(),
    );
    const missing = await t.app.inject({ url: '/eventos/informacion/999999', headers: html });
    expect(missing.statusCode).toBe(200);
    expect(missing.body).not.toContain('data-url="/api/v1/');
  });

  it("a seat page: the event's details, kept for both its remotes, and the section's seats; the section's name is any segment", async () => {
    const ev = await pickEvento(t.database.db, 4);
    const detalle = `/api/v1/eventos/${ev.eventoId}/detalle`;
    const filas = `/api/v1/eventos/${ev.eventoId}/${ev.seccionId}/filas_por_seccion`;
    const page = await t.app.inject({ url: `/eventos/${ev.eventoId}/${ev.seccionId}/Secci%C3%B3n%20101`, headers: html });
    expect(inlined(page.body, detalle)).toEqual((await t.request(detalle)).json());
    expect(inlined(page.body, filas)).toEqual((await t.request(filas)).json());
    // seating's map and checkout's panel both read the details: the block stays for the second reader.
    expect(page.body).toContain(`data-url="${detalle}" data-keep="/eventos/${ev.eventoId}/${ev.seccionId}/Secci%C3%B3n%20101"`);
    expect(page.body).not.toContain(`data-url="${filas}" data-keep`);
    const otherName = await t.app.inject({ url: `/eventos/${ev.eventoId}/${ev.seccionId}/Palcos`, headers: html });
    expect(inlined(otherName.body, filas)).toBeDefined();
    // Ids that are not ids name no landing page: the plain shell, nothing read.
    const notIds = await t.app.inject({ url: `/eventos/abc/${ev.seccionId}/Palcos`, headers: html });
    expect(notIds.statusCode).toBe(200);
    expect(notIds.body).not.toContain('data-url="/api/v1/');
  });
});

describe("what a landing page inlines is its remotes' own declaration, from the version live now", () => {
  const registryFile = () => path.join(t.tmp, 'origin', 'remotes.json');
  const writeRegistry = (catalog: { current: string; history: { version: string; entry: string }[] }) => {
    const registry = JSON.parse(fs.readFileSync(registryFile(), 'utf8')) as { remotes: Record<string, unknown> };
    fs.writeFileSync(registryFile(), JSON.stringify({ remotes: { ...registry.remotes, catalog } }));
  };

  it('a catalog release that changes its list query keeps the preload; a rollback brings the old one back', async () => {
    const before = '/api/v1/eventos/get_all?tipoDispositivo=web';
    const after = '/api/v1/eventos/get_all?tipoDispositivo=web&orden=fecha';
    const first = await t.app.inject({ url: '/eventos', headers: html });
    expect(inlined(first.body, before)).toBeDefined();
    // catalog 1.1.0 asks for its list with another query parameter, and says so in its declaration.
    const declared = firstScreenOf('catalog') as { EventList: { data: string[] } };
    const changed = {
      ...declared,
      EventList: { ...declared.EventList, data: declared.EventList.data.map((u) => u.replace('?tipoDispositivo=web', '?tipoDispositivo=web&orden=fecha')) },
    };
    const old = releaseDeclaration(path.join(t.tmp, 'origin'), 'catalog', '1.0.0', declared);
    const released = releaseDeclaration(path.join(t.tmp, 'origin'), 'catalog', '1.1.0', changed);
    writeRegistry({ current: '1.1.0', history: [...old.history, ...released.history] });
    const next = await t.app.inject({ url: '/eventos', headers: html });
    expect(inlined(next.body, after)).toEqual((await t.request(after)).json());
    expect(inlined(next.body, before)).toBeUndefined();
    expect(inlined(next.body, '/api/v1/categorias/get_all')).toBeDefined();
    // Rolled back: 1.0.0's declaration again.
    writeRegistry({ current: '1.0.0', history: [...old.history, ...released.history] });
    const back = await t.app.inject({ url: '/eventos', headers: html });
    expect(inlined(back.body, before)).toBeDefined();
    expect(inlined(back.body, after)).toBeUndefined();
  });

  it('a page whose remotes declare nothing inlines no answer', async () => {
    const saved = fs.readFileSync(registryFile(), 'utf8');
    try {
      fs.writeFileSync(registryFile(), JSON.stringify({ remotes: {} }));
      const page = await t.app.inject({ url: '/eventos', headers: html });
      expect(page.body).not.toContain('data-url="/api/v1/');
    } finally {
      fs.writeFileSync(registryFile(), saved);
    }
  });
});

describe('landing pages are built once and sent from memory', () => {
  const listing = '/api/v1/eventos/get_all?tipoDispositivo=web';
  const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { ...html, ...headers } });

  it('compressed once: brotli and gzip copies of the same page, a weak ETag and 304', async () => {
    const plain = await page('/eventos');
    const br = await page('/eventos', { 'accept-encoding': 'br, gzip' });
    const gz = await page('/eventos', { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers.etag).toMatch(/^W\/"/);
    expect([br.headers.etag, gz.headers.etag]).toEqual([plain.headers.etag, plain.headers.etag]);
    expect(plain.headers['cache-control']).toBe('no-store');
    const again = await page('/eventos', { 'if-none-match': plain.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('reads no file per request, and is built again when the registry changes (a release)', async () => {
    const first = await page('/eventos');
    // index.html changed on disk without a release: not read again for the next request.
    const indexFile = path.join(t.tmp, 'shell', 'index.html');
    const template = fs.readFileSync(indexFile, 'utf8');
    fs.writeFileSync(indexFile, template.replace('<div id="root">', '<div id="root" data-build="2">'));
    expect((await page('/eventos')).body).toBe(first.body);
    // A release: the registry changes, and the page (index.html with it) is built again.
    const registry = JSON.parse(fs.readFileSync(path.join(t.tmp, 'origin', 'remotes.json'), 'utf8')) as { remotes: Record<string, { history: unknown[] }> };
    registry.remotes.catalog!.history.push({ version: '1.0.1', entry: 'catalog/1.0.1/mf-manifest.json' });
    fs.writeFileSync(path.join(t.tmp, 'origin', 'remotes.json'), JSON.stringify(registry));
    const next = await page('/eventos');
    expect(inlined(next.body, '/remotes/remotes.json')).toEqual(registry);
    expect(next.body).toContain('data-build="2"');
    expect(next.headers.etag).not.toBe(first.headers.etag);
  });

  it('is built again when the catalogue changes (an event renamed)', async () => {
    const before = inlined((await page('/eventos')).body, listing) as { eventosFiltrados: { id: number; nombre: string }[] };
    const target = before.eventosFiltrados[0]!;
    await t.database.db.execute(sql`update eventos set nombre = 'Función de Estreno' where id = ${target.id}`);
    await expect
      .poll(async () => (inlined((await page('/eventos')).body, listing) as typeof before).eventosFiltrados.find((e) => e.id === target.id)?.nombre, {
        timeout: 2_000,
      })
      .toBe('Función de Estreno');
  });

  it("is built again when the event's availability changes (its information page inlines the counts)", async () => {
    const ev = await pickEvento(t.database.db, 20);
    const url = `/eventos/informacion/${ev.eventoId}`;
    const counts = `/api/v1/eventos/${ev.eventoId}/detalle_seccion/false/web`;
    const free = async () =>
      (inlined((await page(url)).body, counts) as { secciones: { id: number; asientosDisponibles: number }[] }).secciones.find((s) => s.id === ev.seccionId)!
        .asientosDisponibles;
    const before = await free();
    expect(await free()).toBe(before);
    const ids = await freeSeats(t.database.db, ev.eventoId, ev.seccionId, 2);
    const hold = await t.request({
      method: 'POST',
      url: `/api/v1/eventos/${ev.eventoId}/reservarInvitado`,
      payload: { asientosReserva: ids.map((id) => ({ id })), nombre: 'Ana', correo: `portada.${Date.now()}@ejemplo.mx` },
    });
    expect(hold.statusCode).toBe(201);
    // The page kept is served while one request rebuilds it (at most once a second).
    await expect.poll(free, { timeout: 5_000, interval: 100 }).toBe(before - 2);
  });

  it('a page asked for more than two seconds after a change waits for its rebuild: never an old map', async () => {
    const ev = await pickEvento(t.database.db, 20);
    const url = `/eventos/${ev.eventoId}/${ev.seccionId}/Palcos`;
    const filas = `/api/v1/eventos/${ev.eventoId}/${ev.seccionId}/filas_por_seccion`;
    const estado = async (id: number) =>
      (inlined((await page(url)).body, filas) as { filas: { asientos: { id: number; estado: string }[] }[] }).filas
        .flatMap((f) => f.asientos)
        .find((a) => a.id === id)?.estado;
    const [seat] = await freeSeats(t.database.db, ev.eventoId, ev.seccionId, 1);
    // Kept once the availability channel is heard (the first request starts listening).
    await page(url);
    await new Promise((r) => setTimeout(r, 300));
    expect(await estado(seat!)).toBe('disponible');
    const hold = await t.request({
      method: 'POST',
      url: `/api/v1/eventos/${ev.eventoId}/reservarInvitado`,
      payload: { asientosReserva: [{ id: seat }], nombre: 'Ana', correo: `mapa.${Date.now()}@ejemplo.mx` },
    });
    expect(hold.statusCode).toBe(201);
    await new Promise((r) => setTimeout(r, 2_500));
    // The first answer after the pause already shows the hold (not the page kept from before it).
    expect(await estado(seat!)).toBe('reservado');
  });
});
