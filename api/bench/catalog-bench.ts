/**
 * Catalogue throughput on PostgreSQL:  pnpm --filter @taquilla/api bench
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a server we may CREATE DATABASE on). Builds a
 * fresh seeded database, starts the app and a bare Fastify hello route in one child process,
 * then runs autocannon against the targets in interleaved rounds (BENCH_ROUNDS, default 3;
 * BENCH_SECONDS per target in total, default 10) so background load hits all targets alike,
 * and prints the median requests/s, p99 and ratio to the hello route per round. The database
 * is dropped at the end.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { benchBaseUrl, interleavedRounds, type LoadFigure, type LoadTarget, median, scratchDatabase, seededSection, startReadyChild } from './bench-lib';

const base = benchBaseUrl();
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT_APP = 3901;
const PORT_HELLO = 3902;
const KEY = process.env.API_KEY || 'taquilla-dev-key';

const { url, drop } = await scratchDatabase(base, 'bench');

function prepare(): Promise<{ eventoId: number; seccionId: number; seats: number }> {
  return seededSection(
    url,
    sql`select ea.evento_id, ea.seccion_id, count(*)::int as n from evento_asientos ea join secciones s on s.id = ea.seccion_id
           where s.nombre = 'Cabecera Norte' group by 1, 2 order by 3 desc limit 1`,
  );
}

function startServer(): Promise<() => Promise<void>> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return startReadyChild(path.join(here, 'bench-server.ts'), { BENCH_DB_URL: url, PORT_APP: String(PORT_APP), PORT_HELLO: String(PORT_HELLO) });
}

interface Figure extends LoadFigure {
  name: string;
}

const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

/** Interleaved rounds; each target's figures are the medians over rounds, ratios per round. */
async function measureAll(targets: LoadTarget[]): Promise<{ figures: Figure[]; ratios: number[] }> {
  const per = await interleavedRounds(targets, { connections, seconds, rounds });
  const figures = targets.map((t, k) => ({
    name: t.name,
    rps: median(per[k]!.map((f) => f.rps)),
    p99: median(per[k]!.map((f) => f.p99)),
    bytes: median(per[k]!.map((f) => f.bytes)),
    errors: per[k]!.reduce((n, f) => n + f.errors, 0),
  }));
  const ratios = targets.map((_, k) => median(per[k]!.map((f, i) => f.rps / per[0]![i]!.rps)));
  return { figures, ratios };
}

let stop: (() => Promise<void>) | undefined;
try {
  const big = await prepare();
  stop = await startServer();
  const api = `http://127.0.0.1:${PORT_APP}/api/v1`;
  const headers = { 'x-api-key': KEY };
  const { figures, ratios } = await measureAll([
    { name: 'hello (bare Fastify)', url: `http://127.0.0.1:${PORT_HELLO}/hello`, headers: {} },
    { name: 'GET /eventos/get_all', url: `${api}/eventos/get_all?tipoDispositivo=web`, headers },
    // Reference: bare Fastify sending get_all's bytes, a string made once (the payload's own cost).
    { name: 'bare Fastify, same bytes (reference)', url: `http://127.0.0.1:${PORT_HELLO}/listing`, headers: {} },
    // Reference: the same app answering after one trivial query (select 1) — the cost of any DB round trip.
    { name: 'GET /health (select 1, reference)', url: `${api}/health`, headers },
    { name: `GET filas_por_seccion (${big.seats} seats)`, url: `${api}/eventos/${big.eventoId}/${big.seccionId}/filas_por_seccion`, headers },
  ]);
  console.log(`\n${connections} connections, ${seconds} s per target in ${rounds} interleaved rounds (medians), PostgreSQL, NODE_ENV=production\n`);
  console.log('target'.padEnd(44), 'req/s'.padStart(9), 'p99 ms'.padStart(8), 'KB/resp'.padStart(9), 'vs hello'.padStart(9), 'errors'.padStart(7));
  for (const f of figures) {
    console.log(
      f.name.padEnd(44),
      f.rps.toFixed(0).padStart(9),
      String(f.p99).padStart(8),
      (f.bytes / 1024).toFixed(1).padStart(9),
      `${(ratios[figures.indexOf(f)]! * 100).toFixed(1)} %`.padStart(9),
      String(f.errors).padStart(7),
    );
  }
  const ratio = ratios[1]!;
  console.log(`get_all / bare Fastify with the same bytes = ${((figures[1]!.rps / figures[2]!.rps) * 100).toFixed(1)} %`);
  console.log(`get_all / health (one DB round trip) = ${((figures[1]!.rps / figures[3]!.rps) * 100).toFixed(1)} %`);
  console.log(`\nget_all / hello = ${(ratio * 100).toFixed(1)} % (floor 30 %)${ratio >= 0.3 ? '' : '  ← BELOW FLOOR'}`);
} finally {
  await stop?.();
  await drop();
}
