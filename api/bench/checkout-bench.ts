/**
 * Sales per second on PostgreSQL:  pnpm --filter @taquilla/api bench:checkout
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL. Builds a fresh seeded database and starts two
 * API processes on it (holds-bench-server.ts), both paying through one Openpay sandbox
 * (platform/openpay-sandbox) in this process, then drives them with BENCH_CONNECTIONS closed-loop buyers (default 32,
 * half on each process) on ONE hot event, three targets in interleaved rounds (BENCH_ROUNDS,
 * default 3; BENCH_SECONDS per target in total, default 12):
 *
 * - a sale: guest hold of 1 free seat, its summary (GET …/resumen), the card token at the
 *   sandbox (what OpenPay.js does in the browser), make/cargo_invitado with the approved card
 *   → tickets issued and their e-mail queued, all in the request;
 * - the hold alone (reservarInvitado of 1 free seat), the first step of every sale;
 * - the bare Fastify + pg conditional UPDATE route of holds-bench (1 random seat of 500).
 *
 * Every seat of a sale or a hold is a different free seat (no 409s). Prints sales/s, p50/p99 of
 * a whole sale, and the ratios against both baselines measured per round (medians). No floors:
 * figures for the README, not a timed test.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { seedIfEmpty } from '../src/seed/seed';
import { agent, httpCall } from '../test/support/api-process';
import { startOpenpaySandbox } from '@taquilla/openpay-sandbox';
import { cardToken, CARDS, holdSeats, makeCargo, totalOf } from '../test/support/http-sale';
import { benchBaseUrl, median, scratchDatabase, startReadyChild } from './bench-lib';

const base = benchBaseUrl();
const seconds = Number(process.env.BENCH_SECONDS ?? 12);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const PORTS = [
  { app: 3931, bare: 3932 },
  { app: 3941, bare: 3942 },
];
const BARE_SEATS = 500;

const { url, drop } = await scratchDatabase(base, 'checkout');

/** The event with the most free seats (the demo stadium), its seats shuffled. */
async function prepare(): Promise<{ eventoId: number; nombre: string; seats: number[] }> {
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    await database.migrate();
    await seedIfEmpty(database.db);
    const db = database.db;
    const [pick] = await queryRows<{ evento_id: number; nombre: string }>(
      db,
      sql`select ea.evento_id, e.nombre from evento_asientos ea join eventos e on e.id = ea.evento_id
           where e.mostrar_web and e.fecha > now() and ea.estado = 'disponible' group by 1, 2 order by count(*) desc limit 1`,
    );
    const seats = await queryRows<{ id: number }>(
      db,
      sql`select id from evento_asientos where evento_id = ${pick!.evento_id} and estado = 'disponible' order by random()`,
    );
    await db.execute(sql`analyze`);
    return { eventoId: pick!.evento_id, nombre: pick!.nombre, seats: seats.map((r) => r.id) };
  } finally {
    await database.close();
  }
}

interface Figure {
  /** Completed operations per second (sales, holds, or bare answers). */
  ops: number;
  latencies: number[];
  errors: number;
}

/** `connections` closed-loop workers for `duration` s, worker i on process i % 2. */
async function run(op: (server: number) => Promise<boolean>, duration: number): Promise<Figure> {
  const latencies: number[] = [];
  let errors = 0;
  const until = Date.now() + duration * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      while (Date.now() < until) {
        const t0 = performance.now();
        const ok = await op(worker % PORTS.length).catch(() => false);
        if (ok) latencies.push(performance.now() - t0);
        else errors++;
      }
    }),
  );
  return { ops: latencies.length / ((Date.now() - started) / 1000), latencies, errors };
}

const stops: (() => Promise<void>)[] = [];
try {
  const setup = await prepare();
  const here = path.dirname(fileURLToPath(import.meta.url));
  const sandbox = await startOpenpaySandbox();
  stops.push(() => sandbox.close());
  const keys = {
    OPENPAY_MERCHANT_ID: sandbox.merchantId,
    OPENPAY_PRIVATE_KEY: sandbox.privateKey,
    OPENPAY_PUBLIC_KEY: sandbox.publicKey,
    OPENPAY_API_URL: sandbox.url,
  };
  // Not NODE_ENV=production: Openpay keys of a sandbox over http:// are refused there. Every buyer here comes from
  // 127.0.0.1, so the per-IP hold limits are off (bench:holds measures them, one address per buyer).
  stops.push(
    ...(await Promise.all(
      PORTS.map((p) =>
        startReadyChild(path.join(here, 'holds-bench-server.ts'), {
          NODE_ENV: 'test',
          ...keys,
          BENCH_DB_URL: url,
          PORT_APP: String(p.app),
          PORT_BARE: String(p.bare),
          HOLD_SWEEP_SECONDS: '1',
          HOLD_MAX_PER_IP: '0',
          HOLD_CANCEL_MAX_PER_IP: '0',
          HOLD_MAX_PLACES_PER_IP: '0',
          HOLD_MINUTES: '10',
          BENCH_HOLD_SECONDS: '1',
          BENCH_POOL: process.env.BENCH_POOL ?? '10',
        }),
      ),
    )),
  );
  const app = PORTS.map((p) => `http://127.0.0.1:${p.app}`);
  const bareSeats = setup.seats.splice(0, BARE_SEATS);
  let buyer = 0;
  const guest = () => ({ nombre: 'Bench', correo: `venta.${buyer++}@bench.mx` });
  const nextSeat = () => {
    const seat = setup.seats.pop();
    if (seat === undefined) throw new Error('no free seats left: lower BENCH_SECONDS or BENCH_CONNECTIONS');
    return seat;
  };

  /** Each step's time within the measured sales, to see where a sale's time goes. */
  const steps = { hold: [] as number[], resumen: [] as number[], token: [] as number[], make: [] as number[] };
  let measuring = false;
  const timed = async <T>(step: keyof typeof steps, work: Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const out = await work;
    if (measuring) steps[step].push(performance.now() - t0);
    return out;
  };
  const sale = async (s: number) => {
    const b = guest();
    const held = await timed('hold', holdSeats(app[s]!, setup.eventoId, b, [nextSeat()]));
    if (held.status !== 201) return false;
    const hold = { reservaId: held.body.reservaId!, esGeneral: false };
    const amount = await timed('resumen', totalOf(app[s]!, setup.eventoId, hold.reservaId, b));
    const token = await timed('token', cardToken(sandbox.url, CARDS.APPROVED));
    const paid = await timed('make', makeCargo(app[s]!, hold, b, token, amount));
    return paid.status === 200 && paid.body.cargo.pagado;
  };
  const hold = async (s: number) => (await holdSeats(app[s]!, setup.eventoId, guest(), [nextSeat()])).status === 201;
  const bare = async (s: number) => {
    const res = await httpCall(`http://127.0.0.1:${PORTS[s]!.bare}`, {
      path: '/bare/hold',
      body: { id: bareSeats[Math.floor(Math.random() * bareSeats.length)] },
    });
    return res.status === 201 || res.status === 409;
  };
  const targets = [
    { name: 'sale (hold + resumen + token + make/cargo)', op: sale },
    { name: 'hold alone (reservarInvitado, 1 seat)', op: hold },
    { name: 'bare conditional UPDATE (1 seat of 500)', op: bare },
  ];

  for (const t of targets) await run(t.op, 2); // warm-up: JIT, pools, plans
  const per: Figure[][] = targets.map(() => []);
  measuring = true;
  for (let i = 0; i < rounds; i++) {
    for (const [k, t] of targets.entries()) per[k]!.push(await run(t.op, Math.max(1, Math.round(seconds / rounds))));
  }
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * p) - 1)] ?? NaN;
  const ratio = (k: number, ref: number) => median(per[k]!.map((f, i) => f.ops / per[ref]![i]!.ops));

  console.log(
    `\n${connections} closed-loop buyers over 2 API processes, one hot event (${setup.nombre}), ${seconds} s per target in ${rounds} interleaved rounds, PostgreSQL, Openpay sandbox\n`,
  );
  console.log('target'.padEnd(44), 'ops/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'done'.padStart(7), 'errors'.padStart(7));
  for (const [k, t] of targets.entries()) {
    const all = per[k]!.flatMap((f) => f.latencies);
    console.log(
      t.name.padEnd(44),
      median(per[k]!.map((f) => f.ops))
        .toFixed(1)
        .padStart(8),
      pct(all, 0.5).toFixed(0).padStart(8),
      pct(all, 0.99).toFixed(0).padStart(8),
      String(all.length).padStart(7),
      String(per[k]!.reduce((n, f) => n + f.errors, 0)).padStart(7),
    );
  }
  console.log(
    `\nwithin a sale, p50 per step: ${Object.entries(steps)
      .map(([k, xs]) => `${k} ${pct(xs, 0.5).toFixed(0)} ms`)
      .join(', ')}`,
  );
  console.log(
    `sales/s ÷ holds/s = ${(ratio(0, 1) * 100).toFixed(1)} % (per round: ${per[0]!.map((f, i) => `${((f.ops / per[1]![i]!.ops) * 100).toFixed(0)} %`).join(', ')})`,
  );
  console.log(`sales/s ÷ bare UPDATE/s = ${(ratio(0, 2) * 100).toFixed(1)} %`);
} finally {
  agent.destroy();
  await Promise.all(stops.map((s) => s()));
  await drop();
}
