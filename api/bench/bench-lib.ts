/** Pieces the benchmarks share: a scratch database, a child process that prints READY, medians. */
import { spawn } from 'node:child_process';
import { adminQuery, databaseUrl } from '../test/support/template';
import type { SQL } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
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
export function startReadyChild(script: string, env: Record<string, string>): Promise<() => Promise<void>> {
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
        resolve(
          () =>
            new Promise((done) => {
              child.removeAllListeners('exit');
              child.on('exit', () => done());
              child.kill('SIGTERM');
            }),
        );
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
