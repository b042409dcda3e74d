/**
 * What each waiting-room call costs one API process, in CPU:  tsx bench/queue-cost.ts
 * One process (queue-bench-server.ts) on a fresh seeded PostgreSQL database with a room opening
 * in an hour; COST_N (3,000) calls of each kind, COST_CONCURRENCY (16) at a time: the challenge,
 * the join, the personal poll before the start, the shared answer, and `/readyz` as the baseline.
 * Prints the process's CPU (user + system, from /proc) and PostgreSQL's (every server process)
 * per call.
 */
import type { Challenge } from 'altcha-lib';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { freePort } from '../test/support/api-process';
import { benchBaseUrl, scratchDatabase, seededSection, spawnReadyChild } from './bench-lib';
import { altchaBody, API_KEY, cookieOf, ops, queueServerEnv, request as call } from './queue-lib';

const here = path.dirname(fileURLToPath(import.meta.url));
const N = Number(process.env.COST_N ?? 3_000);
const CONCURRENCY = Number(process.env.COST_CONCURRENCY ?? 16);
const TICK = 100; // USER_HZ on Linux

/** CPU seconds (user + system) of a process, from /proc. */
function cpuOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICK;
}
/** CPU seconds of every process whose command is postgres. */
function cpuOfPostgres(): number {
  let total = 0;
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      if (stat.includes('(postgres)')) total += cpuOf(Number(d));
    } catch {
      /* gone */
    }
  }
  return total;
}

const { url, drop } = await scratchDatabase(benchBaseUrl(), 'qcost');
try {
  const { eventoId } = await seededSection(
    url,
    sql`select l.evento_id, l.seccion_id, count(*)::int as n from evento_lugares_generales l join eventos e on e.id = l.evento_id
         where e.mostrar_web and e.fecha > now() group by 1, 2 order by 3 desc limit 1`,
  );
  const port = await freePort();
  const child = await spawnReadyChild(path.join(here, 'queue-bench-server.ts'), {
    BENCH_DB_URL: url,
    ...queueServerEnv('100'),
    PORT_APP: String(port),
    PORT_METRICS: String(await freePort()),
  });
  const to = { port, agent: new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY }) };
  const request = (method: string, p: string, headers: Record<string, string>, body?: string) =>
    call(to, method, p, { 'x-api-key': API_KEY, ...headers }, body);
  const opened = await ops(to, { eventoId, accion: 'abrir', inicio: new Date(Date.now() + 3_600_000).toISOString(), ritmoPorMinuto: 3000 });
  if (opened.status !== 200) throw new Error(`abrir: ${opened.status} ${opened.text}`);

  const ip = (i: number) => ({ 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` });
  const challenges: Challenge[] = [];
  const cookies: string[] = [];
  const kinds: [string, (i: number) => Promise<number>][] = [
    ['/readyz', async () => (await request('GET', '/readyz', {})).status],
    [
      'GET …/sala_espera/reto',
      async (i) => {
        const res = await request('GET', `/api/v1/eventos/${eventoId}/sala_espera/reto`, ip(i));
        challenges[i] = res.json() as Challenge;
        return res.status;
      },
    ],
    [
      'POST …/sala_espera (unirse)',
      async (i) => {
        const res = await request(
          'POST',
          `/api/v1/eventos/${eventoId}/sala_espera`,
          { ...ip(i), 'content-type': 'application/json' },
          await altchaBody(challenges[i]!),
        );
        cookies[i] = cookieOf(res);
        return res.status;
      },
    ],
    ['GET …/sala_espera (personal)', async (i) => (await request('GET', `/api/v1/eventos/${eventoId}/sala_espera`, { ...ip(i), cookie: cookies[i]! })).status],
    ['GET …/sala_espera/fila (compartida)', async () => (await request('GET', `/api/v1/eventos/${eventoId}/sala_espera/fila`, {})).status],
  ];
  // A warm-up of each kind first (JIT, the pool's connections), not counted; then the measured calls.
  for (const [name, call] of kinds) {
    for (const [from, count, measured] of [
      [N, 300, false],
      [0, N, true],
    ] as const) {
      const api0 = cpuOf(child.pid);
      const pg0 = cpuOfPostgres();
      const t0 = performance.now();
      let next = from;
      let bad = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < from + count) {
            const status = await call(next++);
            if (status >= 400) bad++;
          }
        }),
      );
      if (!measured) continue;
      const ms = performance.now() - t0;
      const api = ((cpuOf(child.pid) - api0) / count) * 1000;
      const pg = ((cpuOfPostgres() - pg0) / count) * 1000;
      console.log(
        `${name.padEnd(38)} API ${api.toFixed(2)} ms CPU · PostgreSQL ${pg.toFixed(2)} ms CPU · ${((count / ms) * 1000).toFixed(0)}/s${bad ? ` · ${bad} errores` : ''}`,
      );
    }
  }
  await child.stop();
} finally {
  await drop();
}
