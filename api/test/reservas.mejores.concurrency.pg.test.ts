import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { postJson, startApiProcess, type ApiProcess } from './support/api-process';
import { venueMejores } from './support/mejores';
import { pgScratchDatabase, shutDown } from './support/pg-scratch';

const BUYERS = 60;

// Best available from two real API processes on one PostgreSQL database (decision 0032): a
// crowd asking at once for pairs never gets a seat twice, every pair is adjacent, and no seat is
// left alone between taken seats. Only `test:pg` collects this file (two processes).
describe(`${BUYERS} buyers asking for the best pair through 2 API processes`, () => {
  let scratch: Awaited<ReturnType<typeof pgScratchDatabase>> | undefined;
  let database: Database;
  let servers: ApiProcess[] = [];
  let v: Awaited<ReturnType<typeof venueMejores>>;

  beforeAll(async () => {
    scratch = await pgScratchDatabase('mejores');
    database = scratch.database;
    v = await venueMejores(database.db);
    servers = await Promise.all([startApiProcess(scratch.url), startApiProcess(scratch.url)]);
  }, 120_000);

  afterAll(() => shutDown(servers, scratch), 60_000);

  it('holds each seat once, in adjacent pairs, leaving no seat alone', async () => {
    const answers = await Promise.all(
      Array.from({ length: BUYERS }, (_, i) =>
        postJson<{ reservado?: boolean; reservaId?: string; asientos?: { id: number; fila: string; numero: number }[]; message?: unknown }>(
          servers[i % 2]!.base,
          `/eventos/${v.eventoId}/mejores_lugares`,
          { categoria: 'Oro', cantidad: 2, nombre: 'Ana Invitada', correo: `multitud.${i}@ejemplo.mx` },
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.every((s) => s === 201 || s === 200 || s === 409),
      JSON.stringify(statuses),
    ).toBe(true);
    const held = answers.filter((a) => a.status === 201);
    // Rows A, B and C hold 15 pairs; W's two ordinary seats are not adjacent.
    expect(held.length).toBe(15);
    const seats = held.flatMap((a) => a.body.asientos!);
    expect(new Set(seats.map((s) => s.id)).size).toBe(seats.length);
    for (const a of held) {
      const [x, y] = a.body.asientos!;
      expect(x!.fila).toBe(y!.fila);
      expect(y!.numero - x!.numero).toBe(1);
    }
    // The database agrees: one live reserva per pair, each seat under the reserva that answered it.
    const rows = await queryRows<{ id: number; reserva_id: string }>(
      database.db,
      sql`select id, reserva_id from evento_asientos where evento_id = ${v.eventoId} and hold_expires_at > now()`,
    );
    expect(rows).toHaveLength(30);
    const owner = new Map(rows.map((r) => [r.id, r.reserva_id]));
    for (const a of held) for (const s of a.body.asientos!) expect(owner.get(s.id)).toBe(a.body.reservaId);
    const states = await v.states();
    for (const fila of ['A', 'B', 'C']) {
      for (let n = 2; n <= 9; n++) {
        const alone =
          states.get(`${fila}-${n}`) === 'disponible' && states.get(`${fila}-${n - 1}`) !== 'disponible' && states.get(`${fila}-${n + 1}`) !== 'disponible';
        expect(alone, `${fila}-${n} solo`).toBe(false);
      }
    }
  }, 60_000);

  it('two holds at once that would leave a seat alone between them: one is refused', async () => {
    const w = await venueMejores(database.db);
    const hold = (i: number, seat: string) =>
      postJson(servers[i % 2]!.base, `/eventos/${w.eventoId}/reservarInvitado`, {
        asientosReserva: [{ id: w.seat(seat) }],
        nombre: 'Ana Invitada',
        correo: `par.${i}.${seat}@ejemplo.mx`,
      });
    const rows = ['A', 'B', 'C'];
    const answers = await Promise.all(rows.flatMap((fila, k) => [hold(2 * k, `${fila}-3`), hold(2 * k + 1, `${fila}-5`)]));
    rows.forEach((fila, k) => {
      const pair = [answers[2 * k]!.status, answers[2 * k + 1]!.status].sort();
      expect(pair, fila).toEqual([201, 422]);
      const refused = [answers[2 * k]!, answers[2 * k + 1]!].find((a) => a.status === 422)!;
      expect(refused.body.message).toBe(`No puedes dejar el asiento ${fila}-4 solo: agrégalo a tu selección o elige otros asientos.`);
    });
  }, 60_000);
});
