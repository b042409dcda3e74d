/**
 * Hold throughput on PostgreSQL:  pnpm --filter @taquilla/api bench:holds
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL. Builds a fresh seeded database and starts two
 * child processes (two API processes on one database, each also serving the bare reference
 * routes), then runs autocannon with BENCH_CONNECTIONS (default 64) split over the two
 * processes against five targets in interleaved rounds (BENCH_ROUNDS, default 3;
 * BENCH_SECONDS per target in total, default 12):
 *
 * - `reservarInvitado` of 1 random seat of a hot 500-seat section, against
 * - a bare Fastify + pg route doing one conditional UPDATE of a random seat of another 500;
 * - `reservar_generales` of 1 place of a general section of BENCH_GENERAL_PLACES (default 20,000:
 *   enough that claims never run out while holds last), against
 * - a route claiming from one counter row (the single-row design) and recording the hold as a
 *   claim must (a guest and a reserva, inserted first so the row lock lasts only for the
 *   decrement and the commit); the floor's comparison;
 * - and, for reference, a bare decrement of that counter row recording nothing.
 *
 * Every request is a new guest buyer from its own address (X-Forwarded-For with TRUST_PROXY=1,
 * as behind a load balancer: the per-IP hold limit counts each one; a 429 counts as an error)
 * and holds last BENCH_HOLD_SECONDS (default 1 s) on both sides (HOLD_MINUTES for the API, whose
 * expiry job runs every second; the bare route writes the same expiry), so the hot seats keep
 * turning over. A 409 costs less than a hold on both sides, so the table shows successful holds
 * per second (2xx/s) and their ratio too.
 *
 * A 409 (seat taken) is a complete, correct answer and counts as a request, on both sides.
 * Prints req/s, p99 and the ratios measured per round (medians), then drops the database.
 *
 * For diagnosis: BENCH_ONLY=1 (or 0,1: positions in the list above, from 0) runs only those
 * targets, once each for BENCH_SECONDS, and prints their figures without ratios; BENCH_TRACE=1
 * has each API process print, every second, its CPU, event-loop delay and pool use (stderr);
 * BENCH_PROF=<dir> writes the processes' CPU profiles.
 */
import autocannon from 'autocannon';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { seedIfEmpty } from '../src/seed/seed';
import { benchBaseUrl, median, scratchDatabase, startReadyChild } from './bench-lib';

const base = benchBaseUrl();
const seconds = Number(process.env.BENCH_SECONDS ?? 12);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const HOLD_SECONDS = Number(process.env.BENCH_HOLD_SECONDS ?? 1);
/** Database connections per process for the app and for the bare routes alike (writes wait on the WAL flush, not the CPU). */
const POOL = process.env.BENCH_POOL ?? '10';
let buyer = 0;
const HOT = 500;
/** Places of the general section claimed from (BENCH_GENERAL_PLACES). */
const GENERAL_PLACES = Number(process.env.BENCH_GENERAL_PLACES ?? 20_000);
const PORTS = [
  { app: 3911, bare: 3912 },
  { app: 3921, bare: 3922 },
];
const KEY = process.env.API_KEY || 'taquilla-dev-key';

const { url, drop } = await scratchDatabase(base, 'holds');

interface Setup {
  eventoId: number;
  hot: number[];
  bareSeats: number[];
  generalSeccionId: number;
  generalEventoSeccionId: number;
}

async function prepare(): Promise<Setup> {
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    await database.migrate();
    await seedIfEmpty(database.db);
    const db = database.db;
    const [pick] = await queryRows<{ evento_id: number; seccion_id: number }>(
      db,
      sql`select ea.evento_id, ea.seccion_id from evento_asientos ea join eventos e on e.id = ea.evento_id
           where e.mostrar_web and e.fecha > now() and ea.estado = 'disponible'
             and exists (select 1 from evento_secciones es join secciones s on s.id = es.seccion_id where es.evento_id = e.id and s.tipo = 'general' and es.capacidad >= 500)
           group by 1, 2 having count(*) >= ${2 * HOT} order by count(*) desc limit 1`,
    );
    const seats = await queryRows<{ id: number }>(
      db,
      sql`select id from evento_asientos where evento_id = ${pick!.evento_id} and seccion_id = ${pick!.seccion_id} and estado = 'disponible' order by id limit ${2 * HOT}`,
    );
    const [general] = await queryRows<{ id: number; seccion_id: number; capacidad: number }>(
      db,
      sql`select es.id, es.seccion_id, es.capacidad from evento_secciones es join secciones s on s.id = es.seccion_id
           where es.evento_id = ${pick!.evento_id} and s.tipo = 'general' and es.capacidad >= 500 order by es.capacidad desc limit 1`,
    );
    // The general section grows to GENERAL_PLACES (a stadium floor), so claims never run out of
    // places while holds last HOLD_SECONDS: the counter row they are compared with never runs out.
    if (general!.capacidad < GENERAL_PLACES) {
      await db.execute(sql`insert into evento_lugares_generales (evento_seccion_id, evento_id, seccion_id)
                            select es.id, es.evento_id, es.seccion_id from evento_secciones es, generate_series(1, ${GENERAL_PLACES - general!.capacidad})
                             where es.id = ${general!.id}`);
      await db.execute(sql`update evento_secciones set capacidad = ${GENERAL_PLACES} where id = ${general!.id}`);
    }
    await db.execute(sql`create table bench_contador (id int primary key, disponibles int not null)`);
    await db.execute(sql`insert into bench_contador values (1, 1000000000)`);
    await db.execute(sql`analyze`);
    return {
      eventoId: pick!.evento_id,
      hot: seats.slice(0, HOT).map((r) => r.id),
      bareSeats: seats.slice(HOT).map((r) => r.id),
      generalSeccionId: general!.seccion_id,
      generalEventoSeccionId: general!.id,
    };
  } finally {
    await database.close();
  }
}

interface Target {
  name: string;
  /** Path on each process, and whether it is the API or the bare server. */
  port: 'app' | 'bare';
  path: string;
  body: () => unknown;
}

interface Figure {
  rps: number;
  /** 2xx answers per second (places actually held). */
  okRps: number;
  p99: number;
  errors: number;
}

const pickOne = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
const octet = () => Math.floor(Math.random() * 256);
/** Each request comes from its own buyer's address (the bench stands for the load balancer, TRUST_PROXY=1). */
const buyerIp = () => `10.${octet()}.${octet()}.${octet()}`;

/** Both processes at once, half the connections each; req/s summed, p99 the worse of the two. */
async function run(t: Target, duration: number): Promise<Figure> {
  const results = await Promise.all(
    PORTS.map((p) =>
      autocannon({
        url: `http://127.0.0.1:${p[t.port]}`,
        connections: Math.max(1, Math.round(connections / PORTS.length)),
        duration,
        requests: [
          {
            method: 'POST',
            path: t.path,
            headers: { 'content-type': 'application/json', 'x-api-key': KEY },
            setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': buyerIp() }, body: JSON.stringify(t.body()) }),
          },
        ],
      }),
    ),
  );
  return {
    rps: results.reduce((n, r) => n + r.requests.average, 0),
    okRps: results.reduce((n, r) => n + r['2xx'], 0) / duration,
    p99: Math.max(...results.map((r) => r.latency.p99)),
    // A 429 would be the per-IP limit refusing the bench's buyers: not a measurement of holds.
    errors: results.reduce((n, r) => n + r.errors + r.timeouts + r['5xx'] + (r.statusCodeStats['429']?.count ?? 0), 0),
  };
}

let stops: (() => Promise<void>)[] = [];
try {
  const setup = await prepare();
  const here = path.dirname(fileURLToPath(import.meta.url));
  stops = await Promise.all(
    PORTS.map((p) =>
      startReadyChild(path.join(here, 'holds-bench-server.ts'), {
        BENCH_DB_URL: url,
        PORT_APP: String(p.app),
        PORT_BARE: String(p.bare),
        HOLD_SWEEP_SECONDS: '1',
        TRUST_PROXY: '1',
        HOLD_MINUTES: String(HOLD_SECONDS / 60),
        BENCH_HOLD_SECONDS: String(HOLD_SECONDS),
        BENCH_POOL: POOL,
      }),
    ),
  );
  const api = `/api/v1/eventos/${setup.eventoId}`;
  const targets: Target[] = [
    { name: 'bare conditional UPDATE (1 seat of 500)', port: 'bare', path: '/bare/hold', body: () => ({ id: pickOne(setup.bareSeats) }) },
    {
      name: 'POST reservarInvitado (1 seat of 500)',
      port: 'app',
      path: `${api}/reservarInvitado`,
      body: () => ({ asientosReserva: [{ id: pickOne(setup.hot) }], nombre: 'Bench', correo: `asientos.${buyer++}@bench.mx` }),
    },
    { name: 'bare single counter row (1 place)', port: 'bare', path: '/bare/counter', body: () => ({ cantidad: 1 }) },
    {
      name: 'counter row recording the hold (1 place)',
      port: 'bare',
      path: '/bare/counter-claim',
      body: () => ({
        cantidad: 1,
        eventoId: setup.eventoId,
        eventoSeccionId: setup.generalEventoSeccionId,
        seccionId: setup.generalSeccionId,
        nombre: 'Bench',
        correo: `contador.${buyer++}@bench.mx`,
      }),
    },
    {
      name: 'POST reservar_generales (1 place)',
      port: 'app',
      path: `${api}/reservar_generales`,
      body: () => ({ cantidadAsientos: 1, seccionId: setup.generalSeccionId, nombre: 'Bench', correo: `general.${buyer++}@bench.mx` }),
    },
  ];
  // BENCH_ONLY: only these targets, one run each (see the header).
  const only = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',').map(Number) : null;
  if (only?.some((k) => !targets[k])) throw new Error(`BENCH_ONLY: positions 0–${targets.length - 1}`);
  if (only) await runEach(only.map((k) => targets[k]!));
  else await compareInRounds(targets);
} finally {
  await Promise.all(stops.map((s) => s()));
  await drop();
}

/** BENCH_ONLY: each target once for BENCH_SECONDS after a warm-up, its figures without ratios. */
async function runEach(chosen: Target[]): Promise<void> {
  for (const t of chosen) await run(t, 2);
  for (const t of chosen) {
    const f = await run(t, seconds);
    console.log(t.name, f.rps.toFixed(0), 'req/s', f.okRps.toFixed(0), '2xx/s', 'p99', f.p99, 'errors', f.errors);
  }
}

/** The benchmark: every target in interleaved rounds, ratios per round, verdicts on the floors. */
async function compareInRounds(targets: Target[]): Promise<void> {
  for (const t of targets) await run(t, 2); // warm-up: JIT, pools, plans
  const per: Figure[][] = targets.map(() => []);
  for (let i = 0; i < rounds; i++) {
    for (const [k, t] of targets.entries()) per[k]!.push(await run(t, Math.max(1, Math.round(seconds / rounds))));
  }
  const fig = (k: number) => ({
    rps: median(per[k]!.map((f) => f.rps)),
    okRps: median(per[k]!.map((f) => f.okRps)),
    p99: median(per[k]!.map((f) => f.p99)),
    errors: per[k]!.reduce((n, f) => n + f.errors, 0),
  });
  const ratio = (k: number, ref: number) => median(per[k]!.map((f, i) => f.rps / per[ref]![i]!.rps));
  const okRatio = (k: number, ref: number) => median(per[k]!.map((f, i) => f.okRps / per[ref]![i]!.okRps));
  const spread = (k: number, ref: number) => per[k]!.map((f, i) => `${((f.rps / per[ref]![i]!.rps) * 100).toFixed(0)} %`).join(', ');

  console.log(
    `\n${connections} connections over 2 API processes, ${seconds} s per target in ${rounds} interleaved rounds (medians), PostgreSQL, NODE_ENV=production\n`,
  );
  console.log(
    'target'.padEnd(44),
    'req/s'.padStart(9),
    'p99 ms'.padStart(8),
    '2xx/s'.padStart(8),
    'ratio'.padStart(9),
    '2xx ratio'.padStart(10),
    'errors'.padStart(7),
  );
  // Positions in `targets`; each app target's ratio is to the reference route named beside it.
  const BARE = 0,
    HOLDS = 1,
    COUNTER = 2,
    COUNTER_CLAIM = 3,
    CLAIMS = 4;
  const refOf = new Map([
    [HOLDS, BARE],
    [CLAIMS, COUNTER_CLAIM],
  ]);
  const ratios = targets.map((_, k) => (refOf.has(k) ? ratio(k, refOf.get(k)!) : 1));
  const okRatios = targets.map((_, k) => (refOf.has(k) ? okRatio(k, refOf.get(k)!) : 1));
  for (const [k, t] of targets.entries()) {
    const f = fig(k);
    console.log(
      t.name.padEnd(44),
      f.rps.toFixed(0).padStart(9),
      String(f.p99).padStart(8),
      f.okRps.toFixed(0).padStart(8),
      `${(ratios[k]! * 100).toFixed(1)} %`.padStart(9),
      `${(okRatios[k]! * 100).toFixed(1)} %`.padStart(10),
      String(f.errors).padStart(7),
    );
  }
  console.log(
    `\nper round: holds/bare ${spread(HOLDS, BARE)}; general/counter recording the hold ${spread(CLAIMS, COUNTER_CLAIM)}; general/bare counter ${spread(CLAIMS, COUNTER)}`,
  );
  const holds = ratios[HOLDS]!;
  const general = ratios[CLAIMS]!;
  const bareCounter = ratio(CLAIMS, COUNTER);
  const p99 = fig(HOLDS).p99;
  console.log(
    `\nholds / bare UPDATE = ${(holds * 100).toFixed(1)} % of requests/s, ${(okRatios[HOLDS]! * 100).toFixed(1)} % of places held/s (floor 35 %)${holds >= 0.35 ? '' : '  ← BELOW FLOOR'}`,
  );
  console.log(`holds p99 = ${p99} ms (ceiling 100 ms)${p99 <= 100 ? '' : '  ← ABOVE CEILING'}`);
  console.log(`general claims / single counter row recording the hold = ${general.toFixed(2)}× (floor 1×)${general >= 1 ? '' : '  ← BELOW FLOOR'}`);
  console.log(`general claims / bare counter decrement, recording nothing = ${bareCounter.toFixed(2)}× (reference)${bareCounter >= 1 ? '' : '  ← below 1×'}`);
}
