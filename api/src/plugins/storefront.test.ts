import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storefrontPlugin } from './storefront';

// The plugin alone on a bare Fastify (no database): it only needs `app.config.apiKey`.
let app: FastifyInstance;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-'));
const shellDir = path.join(tmp, 'shell');
const originDir = path.join(tmp, 'origin');

beforeAll(async () => {
  fs.mkdirSync(path.join(shellDir), { recursive: true });
  fs.writeFileSync(path.join(shellDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(shellDir, 'main.0123456789.js'), 'console.log(1)');
  fs.mkdirSync(path.join(originDir, 'catalog', '1.0.0'), { recursive: true });
  fs.writeFileSync(path.join(originDir, 'catalog', '1.0.0', 'mf-manifest.json'), '{}');
  fs.writeFileSync(path.join(originDir, 'catalog', '1.0.0', 'remoteEntry.js'), '//entry');
  fs.writeFileSync(path.join(originDir, 'catalog', '1.0.0', '435.abcdef0123.js'), '//chunk');
  fs.writeFileSync(path.join(originDir, 'remotes.json'), JSON.stringify({ remotes: {} }));
  app = Fastify();
  app.decorate('config', { apiKey: 'k-test' } as never);
  app.get('/api/v1/ping', async () => ({ ok: true }));
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
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const preflight = await app.inject({ method: 'OPTIONS', url: '/remotes/catalog/1.0.0/remoteEntry.js', headers: { origin: 'http://other.test' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
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

  it('the registry is re-read on every request (a rollback is seen at once)', async () => {
    fs.writeFileSync(path.join(originDir, 'remotes.json'), JSON.stringify({ remotes: { catalog: { current: '1.0.0', history: [] } } }));
    expect((await app.inject('/remotes/remotes.json')).json().remotes.catalog.current).toBe('1.0.0');
  });
});
