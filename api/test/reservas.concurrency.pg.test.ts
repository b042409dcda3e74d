import { sql } from 'drizzle-orm';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { TEST_API_KEY } from './support/app';
import { createUser } from './support/reservas';
import { CONCURRENCY_JWT_SECRET as JWT_SECRET, postJson, startApiProcess, type ApiProcess } from './support/api-process';
import { pgScratchDatabase, shutDown } from './support/pg-scratch';

const GONE = 'Uno o más asientos ya no están disponibles. Por favor, actualiza la página.';
const SEATS = 300;
const PLACES = 500;
const BUYERS = 1000;

// Two real API processes need the PostgreSQL server: only `test:pg` collects this file
// (vitest.config.ts), as PGlite is one process by design.
describe('1,000 buyers through 2 API processes on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof pgScratchDatabase>> | undefined;
  let database: Database;
  let servers: ApiProcess[] = [];
  let eventoId: number;
  let seatIds: number[];
  let general: { seccionId: number };

  beforeAll(async () => {
    scratch = await pgScratchDatabase('conc');
    const { url } = scratch;
    database = scratch.database;
    const db = database.db;

    // A future web event with a numbered section of ≥ 300 free seats and a general section.
    const [pick] = await queryRows<{ evento_id: number; seccion_id: number }>(
      db,
      sql`select ea.evento_id, ea.seccion_id from evento_asientos ea join eventos e on e.id = ea.evento_id
           where e.mostrar_web and e.fecha > now() and ea.estado = 'disponible'
             and exists (select 1 from evento_secciones es join secciones s on s.id = es.seccion_id where es.evento_id = e.id and s.tipo = 'general' and es.capacidad >= ${PLACES})
           group by 1, 2 having count(*) >= ${SEATS} order by 1, 2 limit 1`,
    );
    eventoId = pick!.evento_id;
    seatIds = (
      await queryRows<{ id: number }>(
        db,
        sql`select id from evento_asientos where evento_id = ${eventoId} and seccion_id = ${pick!.seccion_id} and estado = 'disponible' order by id limit ${SEATS}`,
      )
    ).map((r) => r.id);
    const [g] = await queryRows<{ id: number; seccion_id: number }>(
      db,
      sql`select es.id, es.seccion_id from evento_secciones es join secciones s on s.id = es.seccion_id
           where es.evento_id = ${eventoId} and s.tipo = 'general' and es.capacidad >= ${PLACES} order by es.id limit 1`,
    );
    general = { seccionId: g!.seccion_id };
    // Exactly 500 places left in the section: the rest are sold.
    await db.execute(sql`update evento_lugares_generales set estado = 'vendido'
                          where evento_seccion_id = ${g!.id} and id not in (select id from evento_lugares_generales where evento_seccion_id = ${g!.id} order by id limit ${PLACES})`);
    await db.execute(sql`update evento_lugares_generales set estado = 'disponible', reserva_id = null, hold_expires_at = null
                          where evento_seccion_id = ${g!.id} and id in (select id from evento_lugares_generales where evento_seccion_id = ${g!.id} order by id limit ${PLACES})`);
    servers = await Promise.all([startApiProcess(url), startApiProcess(url)]);
  }, 120_000);

  afterAll(() => shutDown(servers, scratch), 60_000);

  it('a hold made through one process reaches a map streaming from the other', async () => {
    const [a, b] = [servers[0]!, servers[1]!];
    const received = new Promise<string>((resolve, reject) => {
      const req = http.get(`${a.base}/api/v1/eventos/${eventoId}/disponibilidad?apiKey=${TEST_API_KEY}`, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
          if (text.includes('\n: conectado\n')) void holdThroughB();
          const m = /event: asientos\ndata: (.+)\n\n/.exec(text);
          if (m) {
            req.destroy();
            resolve(m[1]!);
          }
        });
      });
      req.on('error', reject);
      setTimeout(() => reject(new Error('no event within 2 s')), 4_000).unref();
    });
    let sent = false;
    let startedAt = 0;
    let reservaId: string | undefined;
    const seat = seatIds[seatIds.length - 1]!;
    async function holdThroughB() {
      if (sent) return;
      sent = true;
      startedAt = Date.now();
      const res = await postJson(b.base, `/eventos/${eventoId}/reservarInvitado`, {
        asientosReserva: [{ id: seat }],
        nombre: 'Vivo',
        correo: 'vivo@ejemplo.mx',
      });
      expect(res.status).toBe(201);
      reservaId = res.body.reservaId;
    }
    expect(JSON.parse(await received)).toEqual({ seccionId: expect.any(Number), asientos: [{ id: seat, estado: 'reservado' }], version: expect.any(Number) });
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    // The storm below competes for this seat too.
    expect((await postJson(b.base, `/eventos/${eventoId}/cancelar`, { reservaId })).status).toBe(200);
  });

  it('no place is held twice, holds never exceed capacity, every loser gets the 409 message, in < 60 s', async () => {
    const users = await Promise.all(Array.from({ length: 100 }, () => createUser(database.db, JWT_SECRET)));
    // Deterministic mix: 600 seat buyers (1–2 adjacent seats of the 300) and 400 general buyers
    // (1–3 places of the 500); every 10th buyer is signed in, the rest are guests.
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    interface Buyer {
      kind: 'seats' | 'general';
      seats: number[];
      cantidad: number;
      token?: string;
      guest?: { nombre: string; correo: string };
    }
    const buyers: Buyer[] = Array.from({ length: BUYERS }, (_, i) => {
      const token = i % 10 === 0 ? users[i / 10]!.token : undefined;
      const guest = token ? undefined : { nombre: `Comprador ${i}`, correo: `carrera.${i}@ejemplo.mx` };
      if (i % 5 < 3) {
        const j = rand(SEATS - 1);
        return { kind: 'seats', seats: rand(2) === 0 ? [seatIds[j]!] : [seatIds[j]!, seatIds[j + 1]!], cantidad: 0, token, guest };
      }
      return { kind: 'general', seats: [], cantidad: 1 + rand(3), token, guest };
    });

    const started = Date.now();
    const results: { buyer: Buyer; status: number; body: { reservaId?: string; message?: unknown } }[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 64 }, async (_, worker) => {
        const server = servers[worker % 2]!;
        while (next < buyers.length) {
          const buyer = buyers[next++]!;
          const res =
            buyer.kind === 'seats'
              ? buyer.token
                ? await postJson(server.base, `/eventos/${eventoId}/reservar`, { asientosReserva: buyer.seats.map((id) => ({ id })) }, buyer.token)
                : await postJson(server.base, `/eventos/${eventoId}/reservarInvitado`, { asientosReserva: buyer.seats.map((id) => ({ id })), ...buyer.guest })
              : await postJson(
                  server.base,
                  `/eventos/${eventoId}/reservar_generales`,
                  { cantidadAsientos: buyer.cantidad, seccionId: general.seccionId, ...(buyer.guest ?? {}) },
                  buyer.token,
                );
          results.push({ buyer, ...res });
        }
      }),
    );
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(60_000);
    expect(results).toHaveLength(BUYERS);

    const winners = results.filter((r) => r.status === 201);
    const losers = results.filter((r) => r.status !== 201);
    for (const l of losers) expect({ status: l.status, message: l.body.message }).toEqual({ status: 409, message: GONE });

    // Seats: winners' seats are disjoint and are exactly what the database holds, each for its winner.
    const seatWinners = winners.filter((w) => w.buyer.kind === 'seats');
    const owner = new Map<number, string>();
    for (const w of seatWinners) {
      for (const id of w.buyer.seats) {
        expect(owner.has(id), `seat ${id} held twice`).toBe(false);
        owner.set(id, w.body.reservaId!);
      }
    }
    const held = await queryRows<{ id: number; reserva_id: string }>(
      database.db,
      sql`select id, reserva_id::text from evento_asientos where evento_id = ${eventoId} and reserva_id is not null and hold_expires_at > now()
            and id in (${sql.join(
              seatIds.map((id) => sql`${id}`),
              sql`, `,
            )})`,
    );
    expect(new Map(held.map((h) => [h.id, h.reserva_id]))).toEqual(owner);
    expect(owner.size).toBeLessThanOrEqual(SEATS);

    // General admission: never more than the 500 places, and the database agrees with the answers.
    const generalWinners = winners.filter((w) => w.buyer.kind === 'general');
    const claimed = generalWinners.reduce((n, w) => n + w.buyer.cantidad, 0);
    expect(claimed).toBeLessThanOrEqual(PLACES);
    const [places] = await queryRows<{ n: number; reservas: number }>(
      database.db,
      sql`select count(*)::int as n, count(distinct reserva_id)::int as reservas from evento_lugares_generales
           where evento_id = ${eventoId} and seccion_id = ${general.seccionId} and reserva_id is not null and hold_expires_at > now()`,
    );
    expect(places).toEqual({ n: claimed, reservas: generalWinners.length });

    // Demand exceeded supply on both: there were winners and losers of each kind.
    expect(seatWinners.length).toBeGreaterThan(100);
    expect(losers.some((l) => l.buyer.kind === 'seats')).toBe(true);
    expect(claimed).toBeGreaterThan(PLACES * 0.9);
    expect(losers.some((l) => l.buyer.kind === 'general')).toBe(true);
  }, 90_000);
});
