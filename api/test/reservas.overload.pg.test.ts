import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { buildTestApp, openTestDatabase, type TestApp } from './support/app';
import { freeSeats, guest, pickEvento, seatStates } from './support/reservas';

/**
 * An on-sale beyond what the database serves: a hold that waits DB_POOL_WAIT_MS for a database
 * connection is answered 503 in Spanish with Retry-After, holds nothing, and the buyer's next
 * attempt works once a connection is free. PostgreSQL server only (PGlite has no pool).
 */
let database: Database;
let drop: () => Promise<void>;
let t: TestApp;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase({ poolSize: 1, poolWaitMs: 200 }));
  t = await buildTestApp({ database, env: { HOLD_SWEEP_SECONDS: '0' } });
});
afterAll(async () => {
  await t?.close();
  await database?.close();
  await drop?.();
});

describe('every database connection busy', () => {
  it('answers a hold 503 "try again in a few seconds" with Retry-After and holds nothing', async () => {
    const ev = await pickEvento(database.db, 20);
    const [seat] = await freeSeats(database.db, ev.eventoId, ev.seccionId, 1);
    const hold = () =>
      t.request({ method: 'POST', url: `/api/v1/eventos/${ev.eventoId}/reservarInvitado`, payload: { asientosReserva: [{ id: seat }], ...guest() } });

    const pool = database.pool!;
    const taken = await pool.connect();
    let busy: Awaited<ReturnType<typeof hold>>;
    try {
      busy = await hold();
    } finally {
      taken.release();
    }
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toMatchObject({ code: 'SERVICIO_OCUPADO', message: 'Hay muchas solicitudes en este momento. Intenta de nuevo en unos segundos.' });
    expect(busy.headers['retry-after']).toBe('5');
    expect((await seatStates(database.db, [seat!])).get(seat!)).toBe('disponible');

    expect((await hold()).statusCode).toBe(201);
    expect((await seatStates(database.db, [seat!])).get(seat!)).toBe('reservado');
  });
});
