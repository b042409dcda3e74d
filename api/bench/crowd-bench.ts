/**
 * The pages a crowd opens at an on-sale, asked as browsers ask:  pnpm --filter @taquilla/api bench:crowd
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a server we may CREATE DATABASE on) and the
 * built shell and remotes (`pnpm --filter @taquilla/shell --filter './mfe-*' build`): they are
 * published into a temp origin as `pnpm release --no-build` does. Starts the app with its
 * storefront and a bare Fastify hello route in one child process, then runs autocannon
 * (BENCH_CONNECTIONS, default 50) against each target in interleaved rounds (BENCH_ROUNDS,
 * default 3; BENCH_SECONDS per target in total, default 9) and prints the median requests/s,
 * p99, bytes per answer and the ratio to the hello route per round (issue 30's floors: 20 %).
 * Ports BENCH_PORT (default 3461) and the next one. The database and folder are removed at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { benchBaseUrl, interleavedRounds, type LoadTarget, median, scratchDatabase, seededSection, startReadyChild } from './bench-lib';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const base = benchBaseUrl();
const seconds = Number(process.env.BENCH_SECONDS ?? 9);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const PORT_APP = Number(process.env.BENCH_PORT ?? 3461);
const PORT_HELLO = PORT_APP + 1;
const KEY = process.env.API_KEY || 'taquilla-dev-key';
const FLOOR = 0.2;

const shellDir = path.join(root, 'shell', 'dist');
if (!fs.existsSync(path.join(shellDir, 'index.html'))) {
  console.error('bench:crowd: build the storefront first: pnpm --filter @taquilla/shell --filter "./mfe-*" build');
  process.exit(2);
}
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-crowd-'));
const originDir = path.join(tmp, 'origin');
// @ts-expect-error: platform/ops is plain JavaScript without declarations
const { REMOTE_NAMES, packageVersion, publish } = (await import('../../platform/ops/lib.mjs')) as {
  REMOTE_NAMES: string[];
  packageVersion: (remote: string) => string;
  publish: (remote: string, version: string, opts: { origin: string }) => Promise<unknown>;
};
for (const remote of REMOTE_NAMES) await publish(remote, packageVersion(remote), { origin: originDir });

const { url, drop } = await scratchDatabase(base, 'crowd');

/** The event of the biggest numbered section (its seat page is the heaviest answer). */
function prepare(): Promise<{ eventoId: number; seccionId: number; seats: number }> {
  return seededSection(
    url,
    sql`select ea.evento_id, ea.seccion_id, count(*)::int as n from evento_asientos ea join eventos e on e.id = ea.evento_id
           where e.mostrar_web and e.fecha > now() group by 1, 2 order by 3 desc limit 1`,
  );
}

let stop: (() => Promise<void>) | undefined;
try {
  const big = await prepare();
  stop = await startReadyChild(path.join(here, 'crowd-bench-server.ts'), {
    BENCH_DB_URL: url,
    PORT_APP: String(PORT_APP),
    PORT_HELLO: String(PORT_HELLO),
    SHELL_DIR: shellDir,
    ORIGIN_DIR: originDir,
    API_KEY: KEY,
  });
  const app = `http://127.0.0.1:${PORT_APP}`;
  const browser = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'br, gzip' };
  const targets: LoadTarget[] = [
    { name: 'hello (bare Fastify)', url: `http://127.0.0.1:${PORT_HELLO}/hello`, headers: {} },
    { name: 'GET /eventos (text/html, br)', url: `${app}/eventos`, headers: browser },
    { name: `GET /eventos/informacion/${big.eventoId} (text/html, br)`, url: `${app}/eventos/informacion/${big.eventoId}`, headers: browser },
    {
      name: `filas_por_seccion, ${big.seats} seats (br)`,
      url: `${app}/api/v1/eventos/${big.eventoId}/${big.seccionId}/filas_por_seccion`,
      headers: { 'x-api-key': KEY, 'accept-encoding': 'br, gzip' },
    },
  ];
  const per = await interleavedRounds(targets, { connections, seconds, rounds });

  console.log(`\n${connections} connections, ${seconds} s per target in ${rounds} interleaved rounds (medians), PostgreSQL, NODE_ENV=production\n`);
  console.log('target'.padEnd(48), 'req/s'.padStart(9), 'p99 ms'.padStart(8), 'KB/resp'.padStart(9), 'vs hello'.padStart(9), 'errors'.padStart(7));
  let below = false;
  for (const [k, t] of targets.entries()) {
    const f = per[k]!;
    const ratio = median(f.map((x, i) => x.rps / per[0]![i]!.rps));
    const errors = f.reduce((n, x) => n + x.errors, 0);
    if (k > 0 && (ratio < FLOOR || errors > 0)) below = true;
    console.log(
      t.name.padEnd(48),
      median(f.map((x) => x.rps))
        .toFixed(0)
        .padStart(9),
      String(median(f.map((x) => x.p99))).padStart(8),
      (median(f.map((x) => x.bytes)) / 1024).toFixed(1).padStart(9),
      `${(ratio * 100).toFixed(1)} %`.padStart(9),
      String(errors).padStart(7),
    );
  }
  console.log(`\nfloor: each target ≥ ${FLOOR * 100} % of hello, no error${below ? '  ← BELOW FLOOR' : ' — met'}`);
} finally {
  await stop?.();
  await drop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
