import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogoSignal } from '../src/modules/catalogo/catalogo.signal';
import { storefrontPlugin } from '../src/plugins/storefront';
import { firstScreenOf, releaseDeclaration } from './support/storefront';

// The plugin alone on a bare Fastify (no database): it only needs `app.config.apiKey`.
let app: FastifyInstance;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-'));
const shellDir = path.join(tmp, 'shell');
const originDir = path.join(tmp, 'origin');
const manifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { name: 'EventList', assets: { js: { sync: ['__federation_expose_EventList.0123456789.js'] }, css: { sync: ['list.0123456789.css'] } } },
    { name: 'EventInfo', assets: { js: { sync: ['info.0123456789.js', '../evil.js'] }, css: { sync: [] } } },
  ],
};

beforeAll(async () => {
  fs.mkdirSync(path.join(shellDir), { recursive: true });
  fs.writeFileSync(path.join(shellDir, 'index.html'), '<!doctype html><head><title>T</title></head><div id="root"></div>');
  fs.writeFileSync(path.join(shellDir, 'main.0123456789.js'), 'console.log(1)');
  // The precompressed copies as platform/ops/precompress.mjs writes them (marked, to tell them apart).
  fs.writeFileSync(path.join(shellDir, 'main.0123456789.js.br'), zlib.brotliCompressSync('console.log("br")'));
  fs.writeFileSync(path.join(shellDir, 'main.0123456789.js.gz'), zlib.gzipSync('console.log("gz")'));
  fs.mkdirSync(path.join(originDir, 'catalog', '1.0.0'), { recursive: true });
  fs.writeFileSync(path.join(originDir, 'catalog', '1.0.0', 'mf-manifest.json'), JSON.stringify(manifest));
  // What catalog's modules read first: its own declaration, in its release's taquilla-contract.json.
  releaseDeclaration(originDir, 'catalog', '1.0.0', firstScreenOf('catalog'));
  fs.writeFileSync(path.join(originDir, 'catalog', '1.0.0', 'remoteEntry.js'), '//entry');
  fs.writeFileSync(path.join(originDir, 'catalog', '1.0.0', '435.abcdef0123.js'), '//chunk');
  fs.writeFileSync(path.join(originDir, 'remotes.json'), JSON.stringify({ remotes: {} }));
  app = Fastify();
  app.decorate('config', { apiKey: 'k-test', storefront: {} } as never);
  // Stand-ins for the services buildApp gives the storefront: the remote origin, the catalogue's
  // change signal (never heard here) and the availability hub (none: no live counts).
  app.decorate('remoteOriginConfig', { kind: 'dir', dir: originDir, cacheMs: 0 });
  app.decorate('catalogo', new CatalogoSignal(undefined as never, 'pglite', app.log));
  app.decorate('disponibilidad', { hub: undefined } as never);
  app.get('/api/v1/ping', async () => ({ ok: true }));
  // Stand-ins for the catalogue routes a landing page inlines (the real ones need a database).
  app.get('/api/v1/eventos/get_all', async (request, reply) =>
    request.headers['x-api-key'] === 'k-test'
      ? { eventosFiltrados: [{ id: 7, nombre: '</script><script>alert(2)</script>', imagenBanner: null, imagenPromocion: '/media/eventos/7/poster.svg' }] }
      : reply.status(401).send({}),
  );
  app.get('/api/v1/eventos/:id/detalle', async (request) => ({ id: Number((request.params as { id: string }).id), imagenBanner: 'javascript:alert(1)' }));
  await app.register(storefrontPlugin, { shellDir, originDir });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml' };

describe('storefront plugin', () => {
  it('serves /config.json no-store with the API key and a launch date', async () => {
    const res = await app.inject('/config.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ apiBaseUrl: '/api/v1', apiKey: 'k-test', registryUrl: '/remotes/remotes.json' });
    expect(Date.parse(body.launchDate)).toBeGreaterThan(Date.now());
  });

  it('serves the registry and manifests no-store, hashed chunks immutable, all with CORS', async () => {
    const registry = await app.inject('/remotes/remotes.json');
    expect(registry.headers['cache-control']).toBe('no-store');
    expect(registry.json()).toEqual({ remotes: {} });
    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const res = await app.inject(`/remotes/catalog/1.0.0/${file}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
    const chunk = await app.inject('/remotes/catalog/1.0.0/435.abcdef0123.js');
    expect(chunk.headers.vary).toBe('Origin, Accept-Encoding');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const preflight = await app.inject({ method: 'OPTIONS', url: '/remotes/catalog/1.0.0/remoteEntry.js', headers: { origin: 'http://other.test' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
  });

  it('serves the registry and version folders only: not the audit log, a lock or a release in progress', async () => {
    fs.writeFileSync(path.join(originDir, 'audit.jsonl'), '{"actor":"ana@ops-1","reason":"x"}\n');
    fs.mkdirSync(path.join(originDir, 'remotes.json.lock'), { recursive: true });
    fs.mkdirSync(path.join(originDir, 'catalog', '.1.0.1.4242.tmp'), { recursive: true });
    fs.writeFileSync(path.join(originDir, 'catalog', '.1.0.1.4242.tmp', 'remoteEntry.js'), '//half copied');
    for (const url of [
      '/remotes/audit.jsonl',
      '/remotes/remotes.json.lock',
      '/remotes/catalog/.1.0.1.4242.tmp/remoteEntry.js',
      '/remotes/catalog/%2E1.0.1.4242.tmp/remoteEntry.js',
    ]) {
      const res = await app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toMatch(/ana@ops-1|half copied|id="root"/);
    }
    expect((await app.inject('/remotes/catalog/1.0.0/remoteEntry.js')).statusCode).toBe(200);
  });

  it('a missing remote file is a 404, never the shell page', async () => {
    const res = await app.inject({ url: '/remotes/catalog/9.9.9/mf-manifest.json', headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('id="root"');
  });

  it('serves the shell: index no-store, hashed assets immutable', async () => {
    const index = await app.inject({ url: '/', headers: html });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-store');
    expect(index.body).toContain('id="root"');
    const asset = await app.inject('/main.0123456789.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('falls back to the shell for client routes, but not for the API or non-HTML requests', async () => {
    const route = await app.inject({ url: '/eventos/informacion/12?x=1', headers: html });
    expect(route.statusCode).toBe(200);
    expect(route.headers['cache-control']).toBe('no-store');
    expect(route.body).toContain('id="root"');
    const api = await app.inject({ url: '/api/v1/nope', headers: html });
    expect(api.statusCode).toBe(404);
    expect(api.body).not.toContain('id="root"');
    const json = await app.inject({ url: '/eventos', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    expect((await app.inject('/api/v1/ping')).json()).toEqual({ ok: true });
  });

  it('sends the .br or .gz copy by Accept-Encoding, cached like the file it stands for', async () => {
    const br = await app.inject({ url: '/main.0123456789.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("br")');
    const gz = await app.inject({ url: '/main.0123456789.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe('console.log("gz")');
    const plain = await app.inject('/main.0123456789.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('index.html carries the config and the registry inline, as data (no inline script), and preload hints for the page', async () => {
    const registry = {
      remotes: {
        catalog: { current: '1.0.0', history: [{ version: '1.0.0', entry: 'catalog/1.0.0/mf-manifest.json' }] },
        seating: { current: '2.0.0', history: [{ version: '2.0.0', entry: 'seating/2.0.0/mf-manifest.json' }] },
      },
    };
    const seatingManifest = { ...manifest, exposes: [{ name: 'VenueMap', assets: { js: { sync: ['map.0123456789.js'] }, css: { sync: [] } } }] };
    fs.mkdirSync(path.join(originDir, 'seating', '2.0.0'), { recursive: true });
    fs.writeFileSync(path.join(originDir, 'seating', '2.0.0', 'mf-manifest.json'), JSON.stringify(seatingManifest));
    releaseDeclaration(originDir, 'seating', '2.0.0', firstScreenOf('seating'));
    fs.writeFileSync(path.join(originDir, 'remotes.json'), JSON.stringify(registry));
    const page = await app.inject({ url: '/eventos?categoria=1', headers: html });
    const blocks = [...page.body.matchAll(/<script type="application\/json" data-url="([^"]+)">(.*?)<\/script>/g)];
    const data = Object.fromEntries(blocks.map(([, url, json]) => [url, JSON.parse(json!)]));
    // The landing remote's manifest, config, registry and the list's API answer (the categories
    // answered 404 here: left to the browser).
    expect(Object.keys(data)).toEqual([
      '/remotes/catalog/1.0.0/mf-manifest.json',
      '/config.json',
      '/remotes/remotes.json',
      '/api/v1/eventos/get_all?tipoDispositivo=web',
    ]);
    expect(data['/remotes/catalog/1.0.0/mf-manifest.json']).toEqual(manifest);
    expect(data['/config.json']).toMatchObject({ apiKey: 'k-test', registryUrl: '/remotes/remotes.json' });
    expect(data['/remotes/remotes.json']).toEqual(registry);
    expect(data['/api/v1/eventos/get_all?tipoDispositivo=web']).toMatchObject({ eventosFiltrados: [{ id: 7, nombre: '</script><script>alert(2)</script>' }] });
    // The hero's first picture is fetched at once, before any script runs.
    expect(page.body).toContain('<link rel="preload" href="/media/eventos/7/poster.svg" as="image" fetchpriority="high">');
    expect(page.body).not.toContain('<script>alert(2)');
    expect(page.body).not.toMatch(/<script(?![^>]*type="application\/json")[^>]*>[^<]/);
    expect(page.body).toContain('<link rel="preload" href="/remotes/catalog/1.0.0/remoteEntry.js" as="script">');
    expect(page.body).toContain('<link rel="preload" href="/remotes/catalog/1.0.0/__federation_expose_EventList.0123456789.js" as="script">');
    expect(page.body).toContain('<link rel="preload" href="/remotes/catalog/1.0.0/list.0123456789.css" as="style">');
    expect(page.body.indexOf('data-url')).toBeLessThan(page.body.indexOf('</head>'));

    const home = await app.inject({ url: '/', headers: html });
    expect(home.body).toContain('__federation_expose_EventList');
    // The info page's module; a file name that climbs out of the folder is never hinted (the
    // manifest itself is inlined as the origin serves it).
    const info = await app.inject({ url: '/eventos/informacion/3', headers: html });
    expect(info.body).toContain('/remotes/catalog/1.0.0/info.0123456789.js');
    expect(info.body).not.toMatch(/href="[^"]*evil/);
    // The map mounts after the event is shown: its manifest is inlined, its files are not hinted.
    expect(info.body).toContain(
      `<script type="application/json" data-url="/remotes/seating/2.0.0/mf-manifest.json">${JSON.stringify(seatingManifest)}</script>`,
    );
    expect(info.body).not.toContain('/remotes/seating/2.0.0/map.0123456789.js');
    expect(info.body).not.toContain('href="/remotes/seating/2.0.0/remoteEntry.js"');
    // The event's details, read by two remotes of the page, stay answerable on that page.
    expect(info.body).toContain(
      '<script type="application/json" data-url="/api/v1/eventos/3/detalle" data-keep="/eventos/informacion/3">{"id":3,"imagenBanner":"javascript:alert(1)"}</script>',
    );
    // A picture URL that is neither this site's path nor https is never hinted.
    expect(info.body).not.toContain('as="image"');
    const legal = await app.inject({ url: '/legales/aviso_de_privacidad', headers: html });
    expect(legal.body).not.toContain('rel="preload"');
  });

  it('inlined data cannot close its block', async () => {
    fs.writeFileSync(path.join(originDir, 'remotes.json'), JSON.stringify({ remotes: { '</script><script>alert(1)</script>': {} } }));
    const page = await app.inject({ url: '/eventos', headers: html });
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).toContain('\\u003c/script>');
  });

  it('the registry is re-read on every request (a rollback is seen at once)', async () => {
    fs.writeFileSync(path.join(originDir, 'remotes.json'), JSON.stringify({ remotes: { catalog: { current: '1.0.0', history: [] } } }));
    expect((await app.inject('/remotes/remotes.json')).json().remotes.catalog.current).toBe('1.0.0');
  });
});
