/**
 * Child process of holds-bench.ts (two of them run side by side, like two API processes): the
 * real app on PORT_APP and, on PORT_BARE, the reference routes of the same run — a bare Fastify
 * + pg route doing one conditional UPDATE of a seat, and two on a single counter row (the naive
 * general-admission design): one claiming from it and recording the hold, one only decrementing
 * it. Prints READY when both listen.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';

const url = process.env.BENCH_DB_URL!;
const poolSize = Number(process.env.BENCH_POOL ?? 5);
const database = await openDatabase({ url, poolSize });
const app = await buildApp({ db: database, logger: false, validateResponses: false, migrate: false, seed: false });
if (process.env.BENCH_TRACE) traceApp();
await app.listen({ port: Number(process.env.PORT_APP), host: '127.0.0.1' });

const pool = new pg.Pool({ connectionString: url, max: poolSize });
const holdSeconds = Number(process.env.BENCH_HOLD_SECONDS ?? 1);
const bare = Fastify({ logger: false });
// Every reference route sends a named statement, parsed and planned once per connection, as the
// app's hold call is (decision 0013): an unnamed one is parsed and planned on every request.
bare.post<{ Body: { id: number } }>('/bare/hold', async (request, reply) => {
  // Holds expire as fast as the API's in the bench, so both sets of 500 seats turn over alike.
  const r = await pool.query({
    name: 'bare_hold',
    text: `update evento_asientos set reserva_id = $1, hold_expires_at = now() + make_interval(secs => $3)
            where id = $2 and estado = 'disponible' and (hold_expires_at is null or hold_expires_at <= now())`,
    values: [randomUUID(), request.body.id, holdSeconds],
  });
  return reply.status(r.rowCount === 1 ? 201 : 409).send({ ok: r.rowCount === 1 });
});
bare.post<{ Body: { cantidad: number } }>('/bare/counter', async (request, reply) => {
  const r = await pool.query({
    name: 'bare_counter',
    text: 'update bench_contador set disponibles = disponibles - $1 where id = 1 and disponibles >= $1',
    values: [request.body.cantidad],
  });
  return reply.status(r.rowCount === 1 ? 201 : 409).send({ ok: r.rowCount === 1 });
});
/**
 * The single-counter-row design doing the claim's writes, at its best: the guest and the reserva
 * are inserted first and the counter row is decremented last, so its row lock is held only for
 * the decrement and the commit (as in the bare counter route). No place left: the division by
 * zero undoes the inserts and the answer is 409.
 */
bare.post<{ Body: { cantidad: number; eventoId: number; eventoSeccionId: number; seccionId: number; nombre: string; correo: string } }>(
  '/bare/counter-claim',
  async (request, reply) => {
    const b = request.body;
    try {
      await pool.query({
        name: 'counter_claim',
        text: `with g as (insert into invitados (nombre, correo) values ($2, $3) returning id),
            r as (insert into reservas (id, evento_id, invitado_id, comprador, es_general, evento_seccion_id, seccion_id, cantidad, fecha_expiracion)
                  select $4, $5, g.id, 'c:' || $3, true, $6, $7, $1, now() + make_interval(secs => $8) from g returning id),
            c as (update bench_contador set disponibles = disponibles - $1 where id = 1 and disponibles >= $1 and exists (select 1 from r) returning 1)
       select 1 / count(*) from c`,
        values: [b.cantidad, b.nombre, b.correo, randomUUID(), b.eventoId, b.eventoSeccionId, b.seccionId, holdSeconds],
      });
      return reply.status(201).send({ ok: true });
    } catch (err) {
      if ((err as { code?: string }).code === '22012') return reply.status(409).send({ ok: false });
      throw err;
    }
  },
);
await bare.listen({ port: Number(process.env.PORT_BARE), host: '127.0.0.1' });

process.stdout.write('READY\n');
process.on('SIGTERM', () => {
  void Promise.all([app.close(), bare.close()])
    .then(() => Promise.all([database.close(), pool.end()]))
    .finally(() => process.exit(0));
});

/**
 * BENCH_TRACE=1 (diagnostics): once a second, on stderr, the app's answers, their mean time in
 * the server, this process's CPU, its event-loop delay and its database pool (checked out or
 * waiting), to tell a busy process from one that waits.
 */
function traceApp(): void {
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const appPool = database.pool!;
  let answers = 0;
  let serverMs = 0;
  app.addHook('onResponse', async (_req, reply) => {
    answers++;
    serverMs += reply.elapsedTime;
  });
  let cpu = process.cpuUsage();
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    const ms = (ns: number) => (ns / 1e6).toFixed(1);
    process.stderr.write(
      `[${process.env.PORT_APP}] ${answers} answers, ${(serverMs / Math.max(1, answers)).toFixed(1)} ms each in the server; ` +
        `CPU ${((used.user + used.system) / 1000 / (now - last)).toFixed(2)}; event-loop delay p50 ${ms(lag.percentile(50))} p99 ${ms(lag.percentile(99))} ms; ` +
        `pool ${appPool.totalCount - appPool.idleCount}/${appPool.totalCount} in use, ${appPool.waitingCount} waiting\n`,
    );
    lag.reset();
    answers = 0;
    serverMs = 0;
    last = now;
  }, 1000).unref();
}
