/**
 * filas_por_seccion as a shared, versioned snapshot (seccion-snapshots.ts): one database read
 * and one compression per change, a weak ETag and 304, invalidation by the availability channel
 * in every process on the database, and the stream's deltas since a snapshot's version.
 */
import { filasPorSeccionResponseSchema, type FilasPorSeccionResponse } from '@taquilla/shared/schemas/catalogo';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSeccionVersion } from '../src/modules/reservas/reservas.repository';
import { buildTestApp, TEST_API_KEY, type TestApp } from './support/app';
import { freeSeats, pickEvento } from './support/reservas';
import { openSseStream } from './support/sse';

let t: TestApp;
let ev: Awaited<ReturnType<typeof pickEvento>>;
let path: string;

beforeAll(async () => {
  t = await buildTestApp();
  ev = await pickEvento(t.database.db, 20);
  path = `/api/v1/eventos/${ev.eventoId}/${ev.seccionId}/filas_por_seccion`;
});
afterAll(async () => t?.close());

const guest = () => ({ nombre: 'Ana', correo: `foto.${randomUUID().slice(0, 8)}@ejemplo.mx` });
const post = (app: TestApp, url: string, payload: unknown) => app.request({ method: 'POST', url: `/api/v1${url}`, payload: payload as never });
const snapshot = async (app: TestApp = t): Promise<FilasPorSeccionResponse & { etag: string }> => {
  const res = await app.request(path);
  expect(res.statusCode).toBe(200);
  return { ...filasPorSeccionResponseSchema.parse(res.json()), etag: res.headers.etag as string };
};
const estados = (s: FilasPorSeccionResponse, ids: number[]) => ids.map((id) => s.filas.flatMap((f) => f.asientos).find((a) => a.id === id)?.estado);
/** Polls until the snapshot shows `estado` for every seat of `ids` (rebuilds are at most one a second). */
const until = (ids: number[], estado: string, app: TestApp = t) =>
  expect.poll(async () => estados(await snapshot(app), ids), { timeout: 5_000, interval: 100 }).toEqual(ids.map(() => estado));
const listen = async (app: TestApp) => {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
};

describe('filas_por_seccion snapshot', () => {
  it('carries its version and a weak ETag, answers 304 to it, and sends brotli and gzip copies of the same bytes', async () => {
    const plain = await t.request(path);
    const body = filasPorSeccionResponseSchema.parse(plain.json());
    expect(body.version).toEqual(expect.any(Number));
    expect(plain.headers.etag).toMatch(new RegExp(`^W/"${body.version}-`));
    expect(plain.headers['cache-control']).toBe('public, max-age=2');
    expect(plain.headers.vary).toContain('Accept-Encoding');

    const br = await t.request({ url: path, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.request({ url: path, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect([br.headers.etag, gz.headers.etag]).toEqual([plain.headers.etag, plain.headers.etag]);

    const again = await t.request({ url: path, headers: { 'if-none-match': plain.headers.etag as string, 'accept-encoding': 'br' } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('is read once, not once per buyer: a crowd gets one copy, and a write nobody announced is not read', async () => {
    const first = await snapshot();
    const crowd = await Promise.all(Array.from({ length: 30 }, () => t.request({ url: path, headers: { 'accept-encoding': 'br, gzip' } })));
    expect(new Set(crowd.map((r) => r.headers.etag))).toEqual(new Set([first.etag]));
    // Written behind the API's back (not through a hold, a sale or the publisher): the copy in
    // memory is what buyers get — the proof that requests do not read the database.
    const [id] = await freeSeats(t.database.db, ev.eventoId, ev.seccionId, 1, 15);
    await t.database.db.execute(sql`update evento_asientos set estado = 'bloqueado' where id = ${id}`);
    try {
      await new Promise((r) => setTimeout(r, 1_200));
      expect(estados(await snapshot(), [id!])).toEqual(['disponible']);
      t.app.disponibilidad.publisher.queue({ asientos: [id!] });
      await until([id!], 'bloqueado');
      expect((await snapshot()).version).toBeGreaterThan(first.version!);
    } finally {
      await t.database.db.execute(sql`update evento_asientos set estado = 'disponible' where id = ${id}`);
      t.app.disponibilidad.publisher.queue({ asientos: [id!] });
    }
  });

  it('follows a hold, a sale and a release with a new version and ETag each; the old ETag gets the new answer', async () => {
    const before = await snapshot();
    const ids = await freeSeats(t.database.db, ev.eventoId, ev.seccionId, 2, 2);
    const { reservaId } = (await post(t, `/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: ids.map((id) => ({ id })), ...guest() })).json();
    await until(ids, 'reservado');
    const held = await snapshot();
    expect(held.version).toBeGreaterThan(before.version!);
    expect(held.etag).not.toBe(before.etag);
    const stale = await t.request({ url: path, headers: { 'if-none-match': before.etag } });
    expect(stale.statusCode).toBe(200);

    await post(t, `/eventos/${ev.eventoId}/cancelar`, { reservaId });
    await until(ids, 'disponible');

    // A sale is announced as ventas.settle does once the payment is recorded.
    await t.database.db.execute(sql`update evento_asientos set estado = 'vendido' where id = ${ids[0]!}`);
    t.app.disponibilidad.publisher.queue({ asientos: [ids[0]!] });
    await until([ids[0]!], 'vendido');
    expect((await snapshot()).version).toBeGreaterThan(held.version!);
  });

  it('two API processes on one database: a hold through one reaches the other, with the same version and ETag', async () => {
    const other = await buildTestApp({ database: t.database });
    try {
      await snapshot(other);
      const ids = await freeSeats(t.database.db, ev.eventoId, ev.seccionId, 2, 6);
      expect((await post(t, `/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: ids.map((id) => ({ id })), ...guest() })).statusCode).toBe(201);
      await until(ids, 'reservado', other);
      await until(ids, 'reservado', t);
      // Each process rebuilds on its own (at most once a second): they meet on the newest version.
      const newest = await readSeccionVersion(t.database.db, ev.eventoId, ev.seccionId);
      await expect
        .poll(async () => [(await snapshot(t)).version, (await snapshot(other)).version], { timeout: 5_000, interval: 100 })
        .toEqual([newest, newest]);
      expect((await snapshot(other)).etag).toBe((await snapshot(t)).etag);
    } finally {
      await other.close();
    }
  });
});

describe('the availability stream since a snapshot (?seccion=&desde=)', () => {
  it('sends the changes after the version first, in order, then live ones', async () => {
    const base = await listen(t);
    const url = (desde: number) => `/api/v1/eventos/${ev.eventoId}/disponibilidad?apiKey=${TEST_API_KEY}&seccion=${ev.seccionId}&desde=${desde}`;
    // The hub listens from the first stream on: open one so it hears what follows.
    const warm = await openSseStream(base, url(0));
    const from = await readSeccionVersion(t.database.db, ev.eventoId, ev.seccionId);
    const ids = await freeSeats(t.database.db, ev.eventoId, ev.seccionId, 2, 10);
    type Delta = { asientos: { id: number; estado: string }[]; version: number };
    const { reservaId } = (await post(t, `/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: ids.map((id) => ({ id })), ...guest() })).json();
    await warm.next<Delta>('asientos', (d) => d.asientos.some((a) => a.id === ids[0] && a.estado === 'reservado'));
    await post(t, `/eventos/${ev.eventoId}/cancelar`, { reservaId });
    await warm.next<Delta>('asientos', (d) => d.asientos.some((a) => a.id === ids[0] && a.estado === 'disponible'));
    warm.close();

    const late = await openSseStream(base, url(from));
    try {
      const hold = await late.next<Delta>('asientos', (d) => d.asientos.some((a) => a.id === ids[0]));
      expect(hold).toEqual({ seccionId: ev.seccionId, asientos: ids.map((id) => ({ id, estado: 'reservado' })), version: from + 1 });
      const release = await late.next<Delta>('asientos', (d) => d.asientos.some((a) => a.id === ids[0]));
      expect(release).toEqual({ seccionId: ev.seccionId, asientos: ids.map((id) => ({ id, estado: 'disponible' })), version: from + 2 });
      // And then live: a hold made now.
      const [next] = await freeSeats(t.database.db, ev.eventoId, ev.seccionId, 1, 12);
      await post(t, `/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: next }], ...guest() });
      expect(await late.next<Delta>('asientos', (d) => d.asientos.some((a) => a.id === next))).toEqual({
        seccionId: ev.seccionId,
        asientos: [{ id: next, estado: 'reservado' }],
        version: from + 3,
      });
    } finally {
      late.close();
    }
  });

  it('says recargar when this process did not hear every change since that version (it started listening later)', async () => {
    const other = await buildTestApp({ database: t.database });
    try {
      const base = await listen(other);
      const current = await readSeccionVersion(t.database.db, ev.eventoId, ev.seccionId);
      expect(current).toBeGreaterThan(1);
      const sse = await openSseStream(
        base,
        `/api/v1/eventos/${ev.eventoId}/disponibilidad?apiKey=${TEST_API_KEY}&seccion=${ev.seccionId}&desde=${current - 1}`,
      );
      try {
        expect(await sse.next('recargar', () => true)).toEqual({ seccionId: ev.seccionId });
      } finally {
        sse.close();
      }
    } finally {
      await other.close();
    }
  });
});
