import { disponibilidadAsientosSchema, disponibilidadGeneralSchema } from '@taquilla/shared/schemas/reservas';
import { sql } from 'drizzle-orm';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { buildTestApp, TEST_API_KEY, type TestApp } from './support/app';
import { freeSeats, pickEvento, reservaEstado } from './support/reservas';
import { openSseStream } from './support/sse';

let t: TestApp;
let base: string;
let ev: Awaited<ReturnType<typeof pickEvento>>;

beforeAll(async () => {
  // A short hold and a fast expiry job: this file watches the job push expiries live.
  t = await buildTestApp({ env: { HOLD_MINUTES: '0.03', HOLD_SWEEP_SECONDS: '0.2', SSE_HEARTBEAT_SECONDS: '0.3' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  ev = await pickEvento(t.database.db, 20);
});
afterAll(async () => t?.close());

const openStream = (path: string, headers: Record<string, string> = {}) => openSseStream(base, path, headers);

const stream = (eventoId: number) => openStream(`/api/v1/eventos/${eventoId}/disponibilidad?apiKey=${TEST_API_KEY}`, { 'accept-encoding': 'br, gzip' });
const guest = () => ({ nombre: 'Ana', correo: `vivo.${randomUUID().slice(0, 8)}@ejemplo.mx` });
const post = (url: string, payload: unknown) => t.request({ method: 'POST', url: `/api/v1${url}`, payload: payload as never });

describe('GET /eventos/:id/disponibilidad (SSE)', () => {
  it('pushes a hold made by another request, its cancel, and general counts; uncompressed', async () => {
    const sse = await stream(ev.eventoId);
    expect(sse.status).toBe(200);
    expect(sse.headers['content-type']).toContain('text/event-stream');
    expect(sse.headers['content-encoding']).toBeUndefined();

    const ids = await freeSeats(t.database.db, ev.eventoId, ev.seccionId, 2);
    const { reservaId } = (await post(`/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: ids.map((id) => ({ id })), ...guest() })).json();
    const held = disponibilidadAsientosSchema.parse(
      await sse.next('asientos', (d: { asientos: { estado: string }[] }) => d.asientos.some((a) => a.estado === 'reservado')),
    );
    expect(held).toEqual({ seccionId: ev.seccionId, asientos: ids.map((id) => ({ id, estado: 'reservado' })), version: expect.any(Number) });

    await post(`/eventos/${ev.eventoId}/cancelar`, { reservaId });
    const freed = await sse.next('asientos', (d: { asientos: { estado: string }[] }) => d.asientos.every((a) => a.estado === 'disponible'));
    expect(freed).toEqual({ seccionId: ev.seccionId, asientos: ids.map((id) => ({ id, estado: 'disponible' })), version: held.version! + 1 });

    const [before] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from evento_lugares_generales where evento_id = ${ev.eventoId} and seccion_id = ${ev.general.seccionId} and estado = 'disponible' and (hold_expires_at is null or hold_expires_at <= now())`,
    );
    await post(`/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: 3, seccionId: ev.general.seccionId, ...guest() });
    const general = disponibilidadGeneralSchema.parse(await sse.next('general', () => true));
    expect(general).toEqual({ seccionId: ev.general.seccionId, disponibles: before!.n - 3 });
    sse.close();
  });

  it('the expiry job pushes expired seats back as disponible within 2 s of the end of the hold', async () => {
    const sse = await stream(ev.eventoId);
    const ids = await freeSeats(t.database.db, ev.eventoId, ev.seccionId, 1);
    const { reservaId } = (await post(`/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: ids[0] }], ...guest() })).json();
    await sse.next('asientos', (d: { asientos: { id: number; estado: string }[] }) => d.asientos.some((a) => a.id === ids[0] && a.estado === 'reservado'));
    // HOLD_MINUTES 0.03 = 1.8 s; the job runs every 0.2 s.
    await sse.next(
      'asientos',
      (d: { asientos: { id: number; estado: string }[] }) => d.asientos.some((a) => a.id === ids[0] && a.estado === 'disponible'),
      4_000,
    );
    expect(await reservaEstado(t.database.db, reservaId)).toBe('expirada');
    sse.close();
  });

  it('a change another module announces (a sale) reaches the stream as vendido', async () => {
    const sse = await stream(ev.eventoId);
    try {
      const [id] = await freeSeats(t.database.db, ev.eventoId, ev.seccionId, 1);
      await t.database.db.execute(sql`update evento_asientos set estado = 'vendido' where id = ${id}`);
      t.app.disponibilidad.publisher.queue({ asientos: [id!] });
      expect(await sse.next('asientos', (d: { asientos: { id: number }[] }) => d.asientos.some((a) => a.id === id))).toEqual({
        seccionId: ev.seccionId,
        asientos: [{ id, estado: 'vendido' }],
        version: expect.any(Number),
      });
    } finally {
      sse.close();
    }
  });

  it('sends heartbeat comments, and a closed connection unsubscribes', async () => {
    const hub = t.app.disponibilidad.hub;
    // The streams of the tests above were closed by their clients: nothing is left subscribed.
    await expect.poll(() => hub.subscriberCount, { timeout: 2_000 }).toBe(0);
    const sse = await stream(ev.eventoId);
    try {
      expect(hub.subscriberCount).toBe(1);
      await new Promise((r) => setTimeout(r, 800));
      expect(sse.raw()).toMatch(/: ping\n\n/);
    } finally {
      sse.close();
    }
    await expect.poll(() => hub.subscriberCount, { timeout: 2_000 }).toBe(0);
  });

  it('a closing server ends open streams instead of waiting on them', async () => {
    const other = await buildTestApp({ env: { HOLD_SWEEP_SECONDS: '0' } });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}/api/v1/eventos/${ev.eventoId}/disponibilidad?apiKey=${TEST_API_KEY}`;
    const ended = new Promise<void>((resolve) => {
      http.get(url, (res) => {
        res.resume();
        res.on('end', () => resolve());
        res.on('close', () => resolve());
      });
    });
    await expect.poll(() => other.app.disponibilidad.hub.subscriberCount, { timeout: 2_000 }).toBe(1);
    const started = Date.now();
    await other.close();
    await ended;
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('takes the API key from the query only; without it 401, unknown event 404', async () => {
    const noKey = await openStream(`/api/v1/eventos/${ev.eventoId}/disponibilidad`);
    expect(noKey.status).toBe(401);
    noKey.close();
    const wrong = await openStream(`/api/v1/eventos/${ev.eventoId}/disponibilidad?apiKey=otra`);
    expect(wrong.status).toBe(401);
    wrong.close();
    const unknown = await openStream(`/api/v1/eventos/999999/disponibilidad?apiKey=${TEST_API_KEY}`);
    expect(unknown.status).toBe(404);
    unknown.close();
    // Other routes keep requiring the header.
    const res = await fetch(`${base}/api/v1/eventos/get_all?apiKey=${TEST_API_KEY}`);
    expect(res.status).toBe(401);
  });
});

describe('compression and ETags', () => {
  async function getRaw(path: string, headers: Record<string, string>) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}${path}`, { headers: { 'x-api-key': TEST_API_KEY, ...headers } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  }

  it('filas_por_seccion of the 5,000-seat section crosses the wire in ≤ 100 KB (brotli and gzip), with a weak ETag and 304', async () => {
    const [big] = await queryRows<{ evento_id: number; seccion_id: number; n: number }>(
      t.database.db,
      sql`select evento_id, seccion_id, count(*)::int as n from evento_asientos ea join eventos e on e.id = ea.evento_id
           where e.fecha > now() group by 1, 2 order by 3 desc limit 1`,
    );
    expect(big!.n).toBeGreaterThanOrEqual(5000);
    const path = `/api/v1/eventos/${big!.evento_id}/${big!.seccion_id}/filas_por_seccion`;
    const plain = await getRaw(path, {});
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await getRaw(path, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThanOrEqual(100 * 1024);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

    const gz = await getRaw(path, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.length).toBeLessThanOrEqual(100 * 1024);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);

    const etag = br.headers.etag!;
    expect(etag).toMatch(/^W\/"/);
    expect(gz.headers.etag).toBe(etag);
    const again = await getRaw(path, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('detalle and detalle_seccion carry ETags and answer 304 while unchanged', async () => {
    for (const path of [`/api/v1/eventos/${ev.eventoId}/detalle`, `/api/v1/eventos/${ev.eventoId}/detalle_seccion/false/web`]) {
      const first = await getRaw(path, { 'accept-encoding': 'gzip' });
      expect(first.status).toBe(200);
      const second = await getRaw(path, { 'if-none-match': first.headers.etag! });
      expect(second.status).toBe(304);
    }
  });
});
