import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/lib/errors';
import { loggerOptions } from '../../src/lib/logger';
import type { StreamSlots } from '../../src/modules/reservas/disponibilidad.sse';
import { startMetricsServer } from '../../src/plugins/metrics';
import { buildTestApp, TEST_API_KEY, type TestApp, type TestAppOptions } from '../support/app';
import { freeSeats, guest, pickEvento } from '../support/reservas';

// Issue 27 finding 3: availability streams are capped per client address and per process.
// Real HTTP on an ephemeral port (a stream is a socket; inject has none). Clients come from
// different loopback addresses (127.0.0.x) so the server sees different IPs without a proxy.

const opened: TestApp[] = [];
afterAll(async () => {
  for (const t of opened.reverse()) await t.close();
});

interface Served {
  t: TestApp;
  base: string;
  lines: string[];
  slots: () => StreamSlots;
}

let first: TestApp | undefined;
async function serve(env: Record<string, string>, opts: Omit<TestAppOptions, 'env' | 'database' | 'logger'> = {}): Promise<Served> {
  const lines: string[] = [];
  const t = await buildTestApp({
    ...opts,
    // One database for every app of this file (the first app's).
    database: first?.database,
    env: { HOLD_SWEEP_SECONDS: '0', SSE_HEARTBEAT_SECONDS: '0.5', ...env },
    logger: { ...(loggerOptions('info') as object), stream: { write: (line: string) => void lines.push(line) } },
  });
  first ??= t;
  opened.push(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  return { t, base, lines, slots: () => t.app.disponibilidad.slots };
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** What arrived so far. */
  body(): string;
  close(): void;
}

/**
 * GET `url` from `from` (a loopback address) on its own connection. A 200 resolves once the
 * first bytes arrived (the stream is open); anything else once its body has ended.
 */
function get(url: string, { from = '127.0.0.1', headers = {} }: { from?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, localAddress: from, headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      let body = '';
      const answer: Answer = { status: res.statusCode ?? 0, headers: res.headers, body: () => body, close: () => req.destroy() };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        if (res.statusCode === 200) resolve(answer);
      });
      res.on('end', () => resolve(answer));
    });
    req.on('error', reject);
  });
}

let eventoId: number;
const streamUrl = (s: Served, id = eventoId) => `${s.base}/api/v1/eventos/${id}/disponibilidad?apiKey=${TEST_API_KEY}`;

async function openStreams(s: Served, n: number, from: string): Promise<Answer[]> {
  const out: Answer[] = [];
  for (let i = 0; i < n; i++) {
    const a = await get(streamUrl(s), { from });
    expect(a.status, `stream ${i + 1} from ${from}: ${a.body()}`).toBe(200);
    expect(a.body()).toContain(': conectado');
    out.push(a);
  }
  return out;
}

function expectRefused(a: Answer, status: 429 | 503, code: 'DEMASIADAS_CONEXIONES_EN_VIVO' | 'EN_VIVO_SATURADO', retryAfter: string) {
  expect(a.status).toBe(status);
  // A JSON answer, not a stream that was started and cut.
  expect(a.headers['content-type']).toMatch(/^application\/json/);
  expect(a.body()).not.toContain('conectado');
  expect(a.headers['retry-after']).toBe(retryAfter);
  expect(JSON.parse(a.body())).toEqual({
    statusCode: status,
    error: status === 429 ? 'Too Many Requests' : 'Service Unavailable',
    code,
    message: ERRORS[code].message,
  });
}

const closeAll = (streams: Answer[]) => streams.forEach((s) => s.close());

let capped: Served;
beforeAll(async () => {
  capped = await serve({ SSE_MAX_STREAMS_PER_IP: '3', SSE_MAX_STREAMS: '5' });
  eventoId = (await pickEvento(capped.t.database.db, 20)).eventoId;
});

describe('availability streams per client', () => {
  it('one address gets SSE_MAX_STREAMS_PER_IP streams and the next is 429 with Retry-After, while others and ordinary requests still answer', async () => {
    const mine = await openStreams(capped, 3, '127.0.0.1');
    try {
      const over = await get(streamUrl(capped), { from: '127.0.0.1' });
      expectRefused(over, 429, 'DEMASIADAS_CONEXIONES_EN_VIVO', '30');
      expect(over.body()).toContain('Hay demasiadas conexiones en vivo desde tu red');
      // Without TRUST_PROXY, a header the client writes itself does not make it another client.
      expectRefused(
        await get(streamUrl(capped), { from: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } }),
        429,
        'DEMASIADAS_CONEXIONES_EN_VIVO',
        '30',
      );

      // Another buyer still gets a stream, and the capped client's ordinary requests answer.
      const theirs = await openStreams(capped, 1, '127.0.0.2');
      const detalle = await fetch(`${capped.base}/api/v1/eventos/${eventoId}/detalle`, { headers: { 'x-api-key': TEST_API_KEY } });
      expect(detalle.status).toBe(200);
      const ev = await pickEvento(capped.t.database.db, 20);
      const seats = await freeSeats(capped.t.database.db, ev.eventoId, ev.seccionId, 1);
      const hold = await fetch(`${capped.base}/api/v1/eventos/${ev.eventoId}/reservarInvitado`, {
        method: 'POST',
        headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ asientosReserva: seats.map((id) => ({ id })), ...guest('flujos') }),
      });
      expect(hold.status).toBe(201);
      closeAll(theirs);
    } finally {
      closeAll(mine);
    }
    await expect.poll(() => capped.slots().counts.abiertos, { timeout: 2_000 }).toBe(0);
  });

  it('a full process answers 503 with Retry-After, and a closed stream frees its slot for anyone', async () => {
    const streams = [...(await openStreams(capped, 3, '127.0.0.1')), ...(await openStreams(capped, 2, '127.0.0.2'))];
    try {
      expect(capped.slots().counts).toMatchObject({ abiertos: 5, clientes: 2 });
      expectRefused(await get(streamUrl(capped), { from: '127.0.0.3' }), 503, 'EN_VIVO_SATURADO', '10');
      streams.shift()!.close();
      await expect.poll(() => capped.slots().counts.abiertos, { timeout: 2_000 }).toBe(4);
      streams.push(...(await openStreams(capped, 1, '127.0.0.3')));
    } finally {
      closeAll(streams);
    }
    await expect.poll(() => capped.slots().counts, { timeout: 2_000 }).toMatchObject({ abiertos: 0, clientes: 0 });
  });

  it('slots do not leak: streams closed by their clients, clients gone before the answer, refused and unknown-event streams', async () => {
    for (let i = 0; i < 10; i++) (await get(streamUrl(capped), { from: '127.0.0.4' })).close();
    // Aborted a few milliseconds after connecting: before, while and after the server answers.
    await Promise.all(
      Array.from(
        { length: 20 },
        (_, i) =>
          new Promise<void>((resolve) => {
            const req = http.get(streamUrl(capped), { agent: false, localAddress: '127.0.0.4' });
            req.on('error', () => resolve());
            req.on('close', () => resolve());
            req.on('socket', (socket) => socket.on('connect', () => setTimeout(() => req.destroy(), i % 10)));
          }),
      ),
    );
    for (let i = 0; i < 5; i++) expect((await get(streamUrl(capped, 999_999), { from: '127.0.0.4' })).status).toBe(404);
    await expect.poll(() => capped.slots().counts, { timeout: 3_000 }).toMatchObject({ abiertos: 0, clientes: 0 });
    await expect.poll(() => capped.t.app.disponibilidad.hub.subscriberCount, { timeout: 2_000 }).toBe(0);
    // The address still has all of its slots.
    closeAll(await openStreams(capped, 3, '127.0.0.4'));
    await expect.poll(() => capped.slots().counts.abiertos, { timeout: 2_000 }).toBe(0);
  });

  it('a client that leaves while the server looks its event up frees its slot', async () => {
    const hub = capped.t.app.disponibilidad.hub;
    let unlock!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // The event lookup waits behind this lock until the client is gone.
    const tx = capped.t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table eventos in access exclusive mode`);
      locked();
      await new Promise<void>((resolve) => (unlock = resolve));
    });
    await isLocked;
    const req = http.get(streamUrl(capped), { agent: false, localAddress: '127.0.0.5' });
    req.on('error', () => {});
    await expect.poll(() => capped.slots().counts.abiertos, { timeout: 2_000 }).toBe(1);
    req.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    unlock();
    await tx;
    await expect.poll(() => capped.slots().counts, { timeout: 2_000 }).toMatchObject({ abiertos: 0, clientes: 0 });
    await expect.poll(() => hub.subscriberCount, { timeout: 2_000 }).toBe(0);
  });

  it('streams the server ends (shutdown) give their slots back', async () => {
    const s = await serve({ SSE_MAX_STREAMS_PER_IP: '2', SSE_MAX_STREAMS: '5' });
    const slots = s.slots();
    await openStreams(s, 2, '127.0.0.1');
    expect(slots.counts.abiertos).toBe(2);
    await s.t.close();
    opened.splice(opened.indexOf(s.t), 1);
    expect(slots.counts).toMatchObject({ abiertos: 0, clientes: 0 });
  });

  it('behind a trusted proxy each buyer has their own cap (TRUST_PROXY)', async () => {
    const s = await serve({ SSE_MAX_STREAMS_PER_IP: '1' }, { config: { trustProxy: (_address: string, hop: number) => hop < 1 } });
    const a = await get(streamUrl(s), { headers: { 'x-forwarded-for': '203.0.113.1' } });
    const b = await get(streamUrl(s), { headers: { 'x-forwarded-for': '203.0.113.2' } });
    try {
      expect([a.status, b.status]).toEqual([200, 200]);
      expectRefused(await get(streamUrl(s), { headers: { 'x-forwarded-for': '203.0.113.1' } }), 429, 'DEMASIADAS_CONEXIONES_EN_VIVO', '30');
    } finally {
      closeAll([a, b]);
    }
  });

  it('SSE_MAX_STREAMS=0 opens no stream: every map polls', async () => {
    const s = await serve({ SSE_MAX_STREAMS: '0' });
    expectRefused(await get(streamUrl(s)), 503, 'EN_VIVO_SATURADO', '10');
  });
});

describe('visibility of the caps', () => {
  it('a flood of refusals logs one warning line with the counts, and /metrics counts the 429s and 503s', async () => {
    const s = await serve({ SSE_MAX_STREAMS_PER_IP: '1', SSE_MAX_STREAMS: '2' });
    const metrics = await startMetricsServer(s.t.app, 0, '127.0.0.1');
    const streams = [...(await openStreams(s, 1, '127.0.0.1')), ...(await openStreams(s, 1, '127.0.0.2'))];
    try {
      for (let i = 0; i < 20; i++) expect((await get(streamUrl(s), { from: '127.0.0.1' })).status).toBe(429);
      for (let i = 0; i < 5; i++) expect((await get(streamUrl(s), { from: '127.0.0.3' })).status).toBe(503);
    } finally {
      closeAll(streams);
    }
    const warnings = s.lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.level === 40 && String(l.msg).includes('límite de flujos en vivo'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      motivo: 'porCliente',
      abiertos: 2,
      clientes: 2,
      delCliente: 1,
      rechazados: { porCliente: 1, porProceso: 0 },
      limites: { porCliente: 1, porProceso: 2 },
    });
    expect(s.slots().counts.rechazados).toEqual({ porCliente: 20, porProceso: 5 });

    const text = await (await fetch(`http://127.0.0.1:${(metrics.address() as AddressInfo).port}/metrics`)).text();
    const route = 'route="/api/v1/eventos/:id/disponibilidad"';
    const refusals = (status: number) =>
      text.split('\n').find((l) => l.startsWith('taquilla_http_refusals_total{') && l.includes(route) && l.includes(`status_code="${status}"`));
    expect(refusals(429)).toMatch(/ 20$/);
    expect(refusals(503)).toMatch(/ 5$/);
  });
});
