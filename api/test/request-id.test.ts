import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/lib/logger';
import { buildTestApp, type TestApp } from './support/app';

/** One id per request, honoured from `x-request-id` when well formed, returned, and on every log line with the method and route. */
const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ logger: { ...(loggerOptions('info') as object), stream: sink } });
});
afterAll(async () => t?.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('makes a UUID per request (never a per-process counter) and returns it', async () => {
    const a = await t.request('/api/v1/categorias/get_all');
    const b = await t.request('/api/v1/categorias/get_all');
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('honours a well-formed x-request-id and replaces a malformed one', async () => {
    const kept = await t.request({ url: '/api/v1/categorias/get_all', headers: { 'x-request-id': 'lb-7f3a9c21.abc' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a9c21.abc');
    for (const bad of ['corto', 'dos palabras aqui', 'x'.repeat(200), 'a"b:c{d}eeeeee']) {
      const res = await t.request({ url: '/api/v1/categorias/get_all', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
  });

  it('puts the id, the method and the route on every line of the request, the completion line included', async () => {
    lines.length = 0;
    const res = await t.request({ url: '/api/v1/eventos/999999/detalle', headers: { 'x-request-id': 'correlacion-123456' } });
    expect(res.statusCode).toBe(404);
    const mine = lines.filter((l) => l.reqId === 'correlacion-123456');
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    for (const line of mine) expect(line).toMatchObject({ method: 'GET', route: '/api/v1/eventos/:id/detalle' });
  });

  it('a refused request (bad input, unknown route) still has an id', async () => {
    const res = await t.request('/api/v1/eventos/1%00/detalle');
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-request-id']).toMatch(UUID);
    const unknown = await t.request('/api/v1/no-existe');
    expect(unknown.headers['x-request-id']).toMatch(UUID);
  });
});
