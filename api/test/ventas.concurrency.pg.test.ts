import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import type { Database } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { expireHolds } from '../src/modules/reservas/reservas.service';
import { startOpenpaySandbox } from '@taquilla/openpay-sandbox';
import { createUser } from './support/reservas';
import { CONCURRENCY_JWT_SECRET, startApiProcess, type ApiProcess } from './support/api-process';
import {
  authorize,
  cardToken,
  CARDS,
  checkCargo,
  holdGenerales,
  holdSeats,
  makeCargo,
  makeReferencia,
  sandboxTill,
  totalOf,
  webhook,
  webhookOf,
  type Buyer,
  type Hold,
} from './support/http-sale';
import { pgScratchDatabase, shutDown } from './support/pg-scratch';
import { expectSalesConsistent } from './support/sale-invariants';

/**
 * Buyers hold and pay through 2 API processes on one PostgreSQL database, both paying through
 * one Openpay sandbox (platform/openpay-sandbox) running in this test process:
 * - a rush: more buyers than seats, each winner's 'Pagar' sent 3 times at once across both
 *   processes (a double click with the same card token, and a second tab with a new one);
 * - 3-D Secure charges authorised, then checked and notified (webhook) through both processes
 *   at once, 8 calls per charge;
 * - charges authorised after their hold expired: half the seats were taken by another buyer
 *   meanwhile (refund, never sold twice), half are still free (sold);
 * - cash references and SPEI transfers (alternately), paid while their places wait as
 *   'pendiente de pago', whose webhooks arrive on time from the sandbox's till page plus twice
 *   more on both processes, out of order (charge.cancelled before charge.succeeded), or late:
 *   after the deadline passed and the expiry job released the places — rebooked when still
 *   free, refunded when another buyer took them meanwhile.
 * Then the database must show every place sold once, one paid charge and one tickets e-mail per
 * sale, and no completed charge without tickets unless it was refunded.
 */
const RUSH_SEATS = 60;
const RUSH_BUYERS = 110;
const RUSH_GENERAL_BUYERS = 30;
const THREE_DS_BUYERS = 24;
const LATE_BUYERS = 16;
const REFERENCE_BUYERS = 16;
const WORKERS = 24;

let scratch: Awaited<ReturnType<typeof pgScratchDatabase>> | undefined;
let database: Database;
let servers: ApiProcess[] = [];
let sandbox: Awaited<ReturnType<typeof startOpenpaySandbox>>;
let eventoId: number;
let generalSeccionId: number;
let pools: { rush: number[]; threeDs: number[]; late: number[]; references: number[] };
let evento: string;

let buyerSeq = 0;
const users: string[] = [];
function newBuyer(): Buyer {
  const n = buyerSeq++;
  // Every third buyer is signed in (its account e-mail), the rest are guests.
  const token = n % 3 === 0 ? users.pop() : undefined;
  return { token, nombre: `Comprador ${n}`, correo: `venta.${n}@ejemplo.mx` };
}
const tokens = new Map<string, string>();
/** How each rush winner's three 'Pagar' ended, for the log. */
const replays: string[] = [];

beforeAll(async () => {
  scratch = await pgScratchDatabase('ventas');
  const { url } = scratch;
  database = scratch.database;
  const db = database.db;
  const seatsNeeded = RUSH_SEATS + THREE_DS_BUYERS + LATE_BUYERS + REFERENCE_BUYERS;
  // A future web event without promotions (a limited one would refund the sale that loses its
  // last use: right, but not what this test counts), one numbered section and a general one.
  const [pick] = await queryRows<{ evento_id: number; seccion_id: number; nombre: string }>(
    db,
    sql`select ea.evento_id, ea.seccion_id, e.nombre from evento_asientos ea join eventos e on e.id = ea.evento_id
         where e.mostrar_web and e.fecha > now() and ea.estado = 'disponible' and ea.hold_expires_at is null
           and not exists (select 1 from promociones p where p.evento_id = e.id)
           and exists (select 1 from evento_secciones es join secciones s on s.id = es.seccion_id where es.evento_id = e.id and s.tipo = 'general' and es.capacidad >= 200)
         group by 1, 2, 3 having count(*) >= ${seatsNeeded} order by 1, 2 limit 1`,
  );
  eventoId = pick!.evento_id;
  evento = pick!.nombre;
  const seats = (
    await queryRows<{ id: number }>(
      db,
      sql`select id from evento_asientos where evento_id = ${eventoId} and seccion_id = ${pick!.seccion_id} and estado = 'disponible' and hold_expires_at is null order by id limit ${seatsNeeded}`,
    )
  ).map((r) => r.id);
  const lateEnd = RUSH_SEATS + THREE_DS_BUYERS + LATE_BUYERS;
  pools = {
    rush: seats.slice(0, RUSH_SEATS),
    threeDs: seats.slice(RUSH_SEATS, RUSH_SEATS + THREE_DS_BUYERS),
    late: seats.slice(RUSH_SEATS + THREE_DS_BUYERS, lateEnd),
    references: seats.slice(lateEnd),
  };
  const [g] = await queryRows<{ seccion_id: number }>(
    db,
    sql`select es.seccion_id from evento_secciones es join secciones s on s.id = es.seccion_id where es.evento_id = ${eventoId} and s.tipo = 'general' and es.capacidad >= 200 order by es.id limit 1`,
  );
  generalSeccionId = g!.seccion_id;
  for (let i = 0; i < 60; i++) {
    const u = await createUser(db, CONCURRENCY_JWT_SECRET);
    users.push(u.token);
    tokens.set(u.token, u.email);
  }
  // One Openpay sandbox for both processes, as Openpay is one; its notifications go to the first.
  sandbox = await startOpenpaySandbox({
    webhook: async (event) =>
      fetch(`${servers[0]!.base}/webhooks/pagos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) }),
  });
  // Not production: Openpay keys of a sandbox over http:// are refused there.
  const env = {
    NODE_ENV: 'test',
    HOLD_MINUTES: '10',
    OPENPAY_MERCHANT_ID: sandbox.merchantId,
    OPENPAY_PRIVATE_KEY: sandbox.privateKey,
    OPENPAY_PUBLIC_KEY: sandbox.publicKey,
    OPENPAY_API_URL: sandbox.url,
  };
  servers = await Promise.all([startApiProcess(url, env), startApiProcess(url, env)]);
}, 120_000);

afterAll(async () => {
  await shutDown(servers, scratch);
  await sandbox?.close();
}, 60_000);

const correoOf = (b: Buyer) => (b.token ? tokens.get(b.token)! : b.correo);
const other = (i: number) => servers[(i + 1) % 2]!.base;
const via = (i: number) => servers[i % 2]!.base;

/** A buyer pays a hold in one go with the approved card through `base`; the sale must complete. */
async function paysAtOnce(base: string, hold: Hold, buyer: Buyer) {
  const paid = await makeCargo(base, hold, buyer, await cardToken(sandbox.url, CARDS.APPROVED), await totalOf(base, eventoId, hold.reservaId, buyer));
  expect(paid.body.cargo?.pagado, JSON.stringify(paid.body)).toBe(true);
}

interface Outcome {
  buyer: Buyer;
  hold: Hold;
  /** What the sale must end as. */
  expect: 'vendida' | 'reembolsada';
}

/** Runs `work` over `items` with `n` concurrent workers. */
async function pool<T>(items: T[], n: number, work: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}

/** Rush: hold (409 for the losers), then 'Pagar' three times at once across both processes. */
async function rush(outcomes: Outcome[]): Promise<{ winners: number; losers: number }> {
  let seed = 7;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const plan = Array.from({ length: RUSH_BUYERS + RUSH_GENERAL_BUYERS }, (_, i) => {
    if (i % 5 === 4 && i / 5 < RUSH_GENERAL_BUYERS) return { general: 1 + rand(3), seats: [] as number[] };
    const j = rand(RUSH_SEATS - 1);
    return { general: 0, seats: rand(2) === 0 ? [pools.rush[j]!] : [pools.rush[j]!, pools.rush[j + 1]!] };
  });
  let winners = 0;
  let losers = 0;
  await pool(plan, WORKERS, async (p, i) => {
    const buyer = newBuyer();
    const held = p.general ? await holdGenerales(via(i), eventoId, buyer, generalSeccionId, p.general) : await holdSeats(via(i), eventoId, buyer, p.seats);
    if (held.status !== 201) {
      expect({ status: held.status, message: held.body.message }).toEqual({
        status: 409,
        message: 'Uno o más asientos ya no están disponibles. Por favor, actualiza la página.',
      });
      losers++;
      return;
    }
    winners++;
    const hold = { reservaId: held.body.reservaId!, esGeneral: p.general > 0 };
    const amount = await totalOf(via(i), eventoId, hold.reservaId, buyer);
    const [card, second] = await Promise.all([cardToken(sandbox.url, CARDS.APPROVED), cardToken(sandbox.url, CARDS.APPROVED)]);
    const answers = await Promise.all([
      makeCargo(via(i), hold, buyer, card, amount),
      makeCargo(other(i), hold, buyer, card, amount),
      makeCargo(other(i), hold, buyer, second, amount),
    ]);
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    // One sale whatever the interleaving: the paid answers all name one charge; a twin's own
    // charge that completed after the sale was made is refunded, and says so.
    const paid = answers.filter((a) => a.body.cargo.pagado);
    expect(paid.length).toBeGreaterThan(0);
    expect(new Set(paid.map((a) => a.body.cargo.id)).size).toBe(1);
    for (const a of answers) if (!a.body.cargo.pagado) expect(a.body.cargo.status).toBe('refunded');
    replays.push(answers.map((a) => (a.body.cargo.pagado ? 'pagado' : a.body.cargo.status)).join('/'));
    outcomes.push({ buyer, hold, expect: 'vendida' });
  });
  return { winners, losers };
}

/** 3-D Secure: 'Autorizar' at the bank, then 2 checks and 2 webhooks on each process at once. */
async function threeDs(outcomes: Outcome[], seats: number[], opts: { late: boolean }): Promise<void> {
  const started = await Promise.all(
    seats.map(async (seat, i) => {
      const buyer = newBuyer();
      const held = await holdSeats(via(i), eventoId, buyer, [seat]);
      expect(held.status).toBe(201);
      const hold = { reservaId: held.body.reservaId!, esGeneral: false };
      const made = await makeCargo(via(i), hold, buyer, await cardToken(sandbox.url, CARDS.THREE_DS), await totalOf(via(i), eventoId, hold.reservaId, buyer));
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      expect(made.body.cargo).toMatchObject({ status: 'charge_pending', pagado: false });
      return { seat, buyer, hold, chargeId: made.body.cargo.id, invitadoId: made.body.invitadoId };
    }),
  );
  // Late: the holds end as time would, and the even ones' seats go to another buyer, who pays
  // while the first buyer's bank answer and the checks arrive.
  const rivals: Promise<void>[] = [];
  if (opts.late) {
    const ids = started.map((s) => s.hold.reservaId);
    await database.db.execute(
      sql`update reservas set fecha_expiracion = now() - interval '1 second' where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    await database.db.execute(
      sql`update evento_asientos set hold_expires_at = now() - interval '1 second' where reserva_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    await expireHolds(database.db);
    for (const [i, s] of started.entries()) {
      if (i % 2 === 1) continue;
      const rival = newBuyer();
      const held = await holdSeats(other(i), eventoId, rival, [s.seat]);
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      const hold = { reservaId: held.body.reservaId!, esGeneral: false };
      outcomes.push({ buyer: rival, hold, expect: 'vendida' });
      rivals.push(
        (async () => {
          await paysAtOnce(other(i), hold, rival);
        })(),
      );
    }
  }
  await Promise.all([
    ...rivals,
    ...started.map(async (s, i) => {
      const outcome = opts.late && i % 2 === 0 ? 'reembolsada' : 'vendida';
      outcomes.push({ buyer: s.buyer, hold: s.hold, expect: outcome });
      expect((await authorize(sandbox.url, s.chargeId, 'autorizar')).status).toBe(303);
      const [checks, hooks] = await Promise.all([
        Promise.all(servers.flatMap((srv) => [1, 2].map(() => checkCargo(srv.base, s.hold, s.buyer, s.chargeId, s.invitadoId)))),
        Promise.all(servers.flatMap((srv) => [1, 2].map(() => webhook(srv.base, s.chargeId)))),
      ]);
      for (const w of hooks) expect({ status: w.status, body: w.body }).toEqual({ status: 200, body: { recibido: true } });
      for (const c of checks) {
        expect(c.status, JSON.stringify(c.body)).toBe(200);
        expect(c.body.message).toBe(outcome === 'vendida' ? pagoMessages.PAYMENT_PAID : pagoMessages.PAYMENT_REFUNDED);
      }
      // Every check answers the same tickets.
      const boletos = checks.map((c) =>
        c.body.boletos
          .map((b) => b.quemadoUuid)
          .sort()
          .join(),
      );
      expect(new Set(boletos).size).toBe(1);
      expect(checks[0]!.body.boletos).toHaveLength(outcome === 'vendida' ? 1 : 0);
    }),
  ]);
}

/**
 * Cash and SPEI references, four ways per group of four buyers: (0) paid at the sandbox's till,
 * whose webhook is followed by 2 more on each process at once; (1) paid, then charge.cancelled
 * and charge.succeeded webhooks interleaved on both processes (out of order); (2) paid before
 * the deadline, webhooks only after the deadline passed and the expiry job released the seat,
 * still free: rebooked; (3) the same, but another buyer took the seat meanwhile: refunded.
 */
async function references(outcomes: Outcome[], seats: number[]): Promise<void> {
  const started = await Promise.all(
    seats.map(async (seat, i) => {
      const buyer = newBuyer();
      const held = await holdSeats(via(i), eventoId, buyer, [seat]);
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      const hold = { reservaId: held.body.reservaId!, esGeneral: false };
      const made = await makeReferencia(via(i), hold, buyer, i % 2 === 0 ? 'efectivo' : 'spei', await totalOf(via(i), eventoId, hold.reservaId, buyer));
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      expect(made.body.cargo).toMatchObject({ status: 'in_progress', pagado: false });
      return { seat, buyer, hold, chargeId: made.body.cargo.id, way: i % 4 };
    }),
  );
  // The buyer pays at the store / bank; the gateway's notification is what is delayed.
  const paidQuietly = started.filter((s) => s.way >= 1).map((s) => s.chargeId);
  for (const id of paidQuietly) sandbox.payReference(id);
  const late = started.filter((s) => s.way >= 2);
  const lateIds = sql.join(
    late.map((s) => sql`${s.hold.reservaId}`),
    sql`, `,
  );
  // The deadline passes: the holds end as time would and the expiry job frees their seats.
  await database.db.execute(sql`update reservas set fecha_expiracion = now() - interval '1 second' where id in (${lateIds})`);
  await database.db.execute(sql`update evento_asientos set hold_expires_at = now() - interval '1 second' where reserva_id in (${lateIds})`);
  await expireHolds(database.db);
  await Promise.all(
    late
      .filter((s) => s.way === 3)
      .map(async (s, i) => {
        const rival = newBuyer();
        const held = await holdSeats(other(i), eventoId, rival, [s.seat]);
        expect(held.status, JSON.stringify(held.body)).toBe(201);
        const hold = { reservaId: held.body.reservaId!, esGeneral: false };
        outcomes.push({ buyer: rival, hold, expect: 'vendida' });
        await paysAtOnce(other(i), hold, rival);
      }),
  );
  await Promise.all(
    started.map(async (s) => {
      outcomes.push({ buyer: s.buyer, hold: s.hold, expect: s.way === 3 ? 'reembolsada' : 'vendida' });
      const calls: Promise<{ status: number }>[] = [];
      if (s.way === 0) calls.push(sandboxTill(sandbox.url, s.chargeId, 'pagar'));
      for (const srv of servers) {
        if (s.way === 1) calls.push(webhookOf(srv.base, s.chargeId, 'charge.cancelled'), webhookOf(srv.base, s.chargeId, 'charge.succeeded'));
        else calls.push(webhook(srv.base, s.chargeId), webhook(srv.base, s.chargeId));
      }
      for (const c of await Promise.all(calls)) expect(c.status).toBe(200);
    }),
  );
}

// Two real API processes need the PostgreSQL server: only `test:pg` collects this file.
describe('buyers pay through 2 API processes on PostgreSQL: 0 double sales', () => {
  it('rush with double clicks, 3-D Secure checks and webhooks on both processes, late charges, cash and SPEI webhooks twice, out of order and after the deadline: every place sold once, money never kept without tickets', async () => {
    const outcomes: Outcome[] = [];
    const startedAt = Date.now();
    const [{ winners, losers }] = await Promise.all([rush(outcomes), threeDs(outcomes, pools.threeDs, { late: false })]);
    await threeDs(outcomes, pools.late, { late: true });
    await references(outcomes, pools.references);
    const elapsed = Date.now() - startedAt;

    // Demand exceeded the rush's seats, and every kind of outcome happened.
    expect(losers).toBeGreaterThan(10);
    expect(winners).toBeGreaterThan(RUSH_GENERAL_BUYERS);
    expect(outcomes.filter((o) => o.expect === 'reembolsada')).toHaveLength(LATE_BUYERS / 2 + REFERENCE_BUYERS / 4);

    await expectSalesConsistent(
      database.db,
      {
        eventoId,
        evento,
        outcomes: outcomes.map((o) => ({ reservaId: o.hold.reservaId, correo: correoOf(o.buyer), expect: o.expect })),
      },
      sandbox.charges,
    );
    const counts = new Map<string, number>();
    for (const r of replays) counts.set(r, (counts.get(r) ?? 0) + 1);
    const tally = [...counts].map(([k, n]) => `${k} ×${n}`).join(', ');
    console.info(`ventas concurrency: ${outcomes.length} purchases (${winners} rush winners, ${losers} losers) in ${elapsed} ms; triple 'Pagar': ${tally}`);
  }, 120_000);
});
