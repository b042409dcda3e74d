/**
 * Child process of holds-bench.ts (two of them run side by side, like two API processes): the
 * real app on PORT_APP and, on PORT_BARE, the reference routes of the same run — a bare Fastify
 * + pg route doing one conditional UPDATE of a seat, and one decrementing a single counter row
 * (the naive general-admission design). Prints READY when both listen.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';

const url = process.env.BENCH_DB_URL!;
const poolSize = Number(process.env.BENCH_POOL ?? 5);
const database = await openDatabase({ url, poolSize });
const app = await buildApp({ db: database, logger: false, validateResponses: false, migrate: false, seed: false });
await app.listen({ port: Number(process.env.PORT_APP), host: '127.0.0.1' });

const pool = new pg.Pool({ connectionString: url, max: poolSize });
const holdSeconds = Number(process.env.BENCH_HOLD_SECONDS ?? 1);
const bare = Fastify({ logger: false });
bare.post<{ Body: { id: number } }>('/bare/hold', async (request, reply) => {
  // Holds expire as fast as the API's in the bench, so both sets of 500 seats turn over alike.
  const r = await pool.query(
    `update evento_asientos set reserva_id = $1, hold_expires_at = now() + make_interval(secs => $3)
      where id = $2 and estado = 'disponible' and (hold_expires_at is null or hold_expires_at <= now())`,
    [randomUUID(), request.body.id, holdSeconds],
  );
  return reply.status(r.rowCount === 1 ? 201 : 409).send({ ok: r.rowCount === 1 });
});
bare.post<{ Body: { cantidad: number } }>('/bare/counter', async (request, reply) => {
  const r = await pool.query('update bench_contador set disponibles = disponibles - $1 where id = 1 and disponibles >= $1', [request.body.cantidad]);
  return reply.status(r.rowCount === 1 ? 201 : 409).send({ ok: r.rowCount === 1 });
});
await bare.listen({ port: Number(process.env.PORT_BARE), host: '127.0.0.1' });

process.stdout.write('READY\n');
process.on('SIGTERM', () => {
  void Promise.all([app.close(), bare.close()])
    .then(() => Promise.all([database.close(), pool.end()]))
    .finally(() => process.exit(0));
});
