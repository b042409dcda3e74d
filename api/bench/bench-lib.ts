/** Pieces the benchmarks share: a scratch database, a child process that prints READY, medians, load rounds. */
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { spawn } from 'node:child_process';
import { adminQuery, databaseUrl } from '../test/support/template';
import type { SQL } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { seedIfEmpty } from '../src/seed/seed';

export function benchBaseUrl(): string {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) {
    console.error('bench: set BENCH_DATABASE_URL or TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
    process.exit(2);
  }
  return base;
}

/** Creates an empty database for this run; answers its URL and the drop function. */
export async function scratchDatabase(base: string, tag: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `taquilla_${tag}_${process.pid}`;
  await adminQuery(base, `create database "${name}"`);
  return { url: databaseUrl(base, name), drop: () => adminQuery(base, `drop database if exists "${name}" with (force)`) };
}

/** Starts `node --import tsx <script>` and resolves with its stop function once it prints READY. */
export async function startReadyChild(script: string, env: Record<string, string>): Promise<() => Promise<void>> {
  return (await spawnReadyChild(script, env)).stop;
}

/** The same, with the child's pid (to read its CPU time from /proc). BENCH_PROF=<dir>: a CPU profile of it there. */
export function spawnReadyChild(script: string, env: Record<string, string>): Promise<{ pid: number; stop: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []), '--import', 'tsx', script],
    {
      env: { ...process.env, NODE_ENV: 'production', MAIL_WORKER: '0', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('READY')) {
        resolve({
          pid: child.pid!,
          stop: () =>
            new Promise((done) => {
              child.removeAllListeners('exit');
              child.on('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
  });
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Migrates and seeds the scratch database at `url`, then answers the section `query` picks: it
 * selects `evento_id`, `seccion_id` and `n` (its seats), first row wins.
 */
export async function seededSection(url: string, query: SQL): Promise<{ eventoId: number; seccionId: number; seats: number }> {
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    await database.migrate();
    await seedIfEmpty(database.db);
    const [row] = await queryRows<{ evento_id: number; seccion_id: number; n: number }>(database.db, query);
    return { eventoId: row!.evento_id, seccionId: row!.seccion_id, seats: row!.n };
  } finally {
    await database.close();
  }
}

/**
 * For a bench's child process: `app` on PORT_APP and a bare Fastify `GET /hello` (plus what
 * `routes` adds) on PORT_HELLO; prints READY when both listen, closes both and `database` on SIGTERM.
 */
export async function serveWithHello(
  app: FastifyInstance,
  database: Database,
  routes: (hello: FastifyInstance) => Promise<void> | void = () => undefined,
): Promise<void> {
  await app.listen({ port: Number(process.env.PORT_APP), host: '127.0.0.1' });
  const hello = Fastify({ logger: false });
  hello.get('/hello', async () => ({ hello: 'world' }));
  await routes(hello);
  await hello.listen({ port: Number(process.env.PORT_HELLO), host: '127.0.0.1' });
  process.stdout.write('READY\n');
  process.on('SIGTERM', () => {
    void Promise.all([app.close(), hello.close()])
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

export interface LoadTarget {
  name: string;
  url: string;
  headers: Record<string, string>;
}

/** One autocannon run's figures: requests per second, p99 latency (ms), bytes per answer, failures. */
export interface LoadFigure {
  rps: number;
  p99: number;
  bytes: number;
  errors: number;
}

/** Between targets: requests still in flight (a slow target's tail) would land in the next one's figures. */
const SETTLE_MS = 2000;

async function load(t: LoadTarget, connections: number, duration: number): Promise<LoadFigure> {
  const r = await autocannon({ url: t.url, connections, duration, headers: t.headers });
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    bytes: r.throughput.average / Math.max(r.requests.average, 1),
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

/**
 * Each target warmed up 2 s (JIT, pool, prepared plans, caches), then `rounds` interleaved rounds
 * of `seconds / rounds` each; answers every target's figures, one a round.
 */
export async function interleavedRounds(targets: LoadTarget[], opts: { connections: number; seconds: number; rounds: number }): Promise<LoadFigure[][]> {
  for (const t of targets) await load(t, opts.connections, 2);
  const per: LoadFigure[][] = targets.map(() => []);
  for (let i = 0; i < opts.rounds; i++) {
    for (const [k, t] of targets.entries()) per[k]!.push(await load(t, opts.connections, Math.max(1, Math.round(opts.seconds / opts.rounds))));
  }
  return per;
}
