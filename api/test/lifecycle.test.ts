import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gracefulShutdown } from '../src/plugins/lifecycle';
import type { RouteModule } from '../src/modules/types';
import { buildTestApp, TEST_API_KEY, type TestApp } from './support/app';

/**
 * Probes and drain over real HTTP: `/livez` and `/readyz` without the API key, health with the
 * version, and a graceful stop — not ready at once, still serving for the drain window (answers
 * say `Connection: close`), an in-flight request (a sale in progress) completes, availability
 * streams are ended so EventSource reconnects elsewhere, and the exit code is 0.
 */
let slowStarted: () => void = () => {};
const slowModule: RouteModule = {
  name: 'prueba-lenta',
  plugin: async (app) => {
    app.get('/prueba/lenta', async () => {
      slowStarted();
      await new Promise((r) => setTimeout(r, 1_500));
      return { listo: true };
    });
  },
};

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp({ extraModules: [slowModule] });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers, agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      })
      .on('error', reject);
  });
}

describe('probes', () => {
  it('/livez and /readyz answer without the API key; health carries the version and build', async () => {
    expect((await get('/livez')).status).toBe(200);
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    const health = await get('/api/v1/health', { 'x-api-key': TEST_API_KEY });
    expect(JSON.parse(health.text)).toMatchObject({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/), build: expect.any(String) });
  });
});

describe('graceful shutdown', () => {
  it('turns unready at once, serves through the drain window, finishes in-flight work, ends streams, exits 0', async () => {
    const eventos = JSON.parse((await get('/api/v1/eventos/get_all?tipoDispositivo=web', { 'x-api-key': TEST_API_KEY })).text) as {
      eventosFiltrados: { id: number }[];
    };
    const eventoId = eventos.eventosFiltrados[0]!.id;
    // An availability stream and a slow request are open when the signal arrives.
    let streamText = '';
    const streamEnded = new Promise<void>((resolve, reject) => {
      http
        .get(`${base}/api/v1/eventos/${eventoId}/disponibilidad?apiKey=${TEST_API_KEY}`, { agent: false }, (res) => {
          res.setEncoding('utf8');
          res.on('data', (c: string) => (streamText += c));
          res.on('end', resolve);
          res.on('close', resolve);
        })
        .on('error', reject);
    });
    const started = new Promise<void>((r) => (slowStarted = r));
    const inFlight = get('/api/v1/prueba/lenta', { 'x-api-key': TEST_API_KEY });
    await started;

    let exitCode: number | undefined;
    const exited = new Promise<void>((resolve) => {
      void gracefulShutdown(t.app, 'SIGTERM', {
        drainMs: 700,
        timeoutMs: 10_000,
        exit: (code) => {
          exitCode = code;
          resolve();
        },
      });
    });

    // Draining: not ready, but still serving, and telling clients to go elsewhere next time.
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    const served = await get('/livez');
    expect(served.status).toBe(200);
    expect(served.headers.connection).toBe('close');

    const slow = await inFlight;
    expect(slow.status).toBe(200);
    expect(JSON.parse(slow.text)).toEqual({ listo: true });
    await streamEnded;
    expect(streamText).toMatch(/^retry: \d+/);
    await exited;
    expect(exitCode).toBe(0);
    // Closed: no more connections.
    await expect(get('/livez')).rejects.toThrow();
  });
});
