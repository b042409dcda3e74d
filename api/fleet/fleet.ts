/**
 * The fleet test: `pnpm --filter @taquilla/api fleet` (part of `npm test` when HAProxy is
 * installed and TEST_DATABASE_URL is set). Runs, on this machine, what platform/deploy/compose.yaml
 * describes: the server folder the image holds (platform/deploy/assemble.mjs), its migration step
 * (`node api/dist/migrate.mjs`), three API processes (`node api/dist/main.mjs`) with the compose
 * file's settings, on PostgreSQL, Redis and the remotes' origin, behind HAProxy with the compose
 * file's haproxy.cfg. Then checks, as a buyer, ops and the balancer would:
 *
 * 1. a release is served by every process within 2 s;
 * 2. no chunk request 404s, whichever process answers;
 * 3. a hold through one process reaches availability streams on the other two;
 * 4. `kill -9` of one process during a storm of holds and sales: no confirmed sale lost, nothing
 *    sold twice, buyers carry on through the others;
 * 5. a rolling restart (SIGTERM one at a time) drops no request;
 * 6. the balancer answers the waiting room's shared answer and the seat snapshots from its cache
 *    (about once a second per answer reaches the replicas, the right encoding for each client, a
 *    pause seen within ~2 s) and never a personal answer;
 * and prints holds per second through three processes against one on the same database.
 * Prints one line per check, the figures, then `N passed, N failed`; exit code 1 on a failure.
 * Each check is a file of fleet/checks/ (a `CheckRun`: given the fleet, it answers a one-line
 * detail or throws why it failed); fleet/harness.ts holds what they share.
 */
import fs from 'node:fs';
import { agent } from '../test/support/api-process';
import { seatSnapshotFromBalancerCache, sharedAnswerFromBalancerCache } from './checks/balancer-cache';
import { chunksNever404 } from './checks/chunks';
import { holdReachesOtherProcesses } from './checks/hold-streams';
import { killDuringStorm } from './checks/kill-storm';
import { releaseReachesEveryProcess } from './checks/release';
import { rollingRestartDropsNothing } from './checks/rolling-restart';
import { throughput } from './checks/throughput';
import { type Cleanups, type Fleet, startFleet } from './fleet-setup';
import { type CheckRun, REPLICAS } from './harness';

const results: { name: string; ok: boolean; detail: string }[] = [];
const figures: [string, string][] = [];
const cleanups: Cleanups = [];

function log(line: string) {
  process.stdout.write(`${line}\n`);
}

async function check(fleet: Fleet, name: string, run: CheckRun): Promise<void> {
  const started = Date.now();
  try {
    const detail = await run({ fleet, figure: (k, v) => figures.push([k, v]) });
    results.push({ name, ok: true, detail });
    log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s) ${detail}`);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    results.push({ name, ok: false, detail });
    log(`✖ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s) ${detail}`);
  }
}

async function main(): Promise<void> {
  const baseUrl = process.env.FLEET_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    console.error('fleet: define TEST_DATABASE_URL (p. ej. postgres://postgres@127.0.0.1:5432/test)');
    process.exit(2);
  }
  const haproxyBin = process.env.HAPROXY ?? '/usr/sbin/haproxy';
  if (!fs.existsSync(haproxyBin)) {
    console.error(`fleet: falta HAProxy (${haproxyBin}): apt-get install -y haproxy`);
    process.exit(2);
  }
  const fleet = await startFleet({ baseUrl, haproxyBin, replicas: REPLICAS, cleanups });

  await check(fleet, 'una release llega a las tres réplicas en ≤ 2 s', releaseReachesEveryProcess);
  await check(fleet, 'ningún archivo de los remotos da 404, responda la réplica que responda', chunksNever404);
  await check(fleet, 'una reserva en una réplica llega a los flujos de las otras', holdReachesOtherProcesses);
  await check(fleet, 'kill -9 durante una tormenta de reservas y ventas: nada perdido ni vendido dos veces', killDuringStorm);
  await check(fleet, 'reinicio escalonado (SIGTERM una a una): ninguna petición perdida', rollingRestartDropsNothing);
  await check(fleet, 'la respuesta compartida de la fila sale de la caché del balanceador; la personal nunca', sharedAnswerFromBalancerCache);
  await check(fleet, 'los asientos de una sección salen de la caché del balanceador, cada cliente con su codificación', seatSnapshotFromBalancerCache);
  await check(fleet, 'reservas/s con tres réplicas frente a una (cifra)', throughput);
}

async function cleanup(): Promise<void> {
  agent.destroy();
  for (const c of cleanups.reverse()) {
    try {
      await c();
    } catch (err) {
      console.error('fleet: limpieza:', err);
    }
  }
}

main()
  .catch((err: unknown) => {
    results.push({ name: 'preparar la flota', ok: false, detail: String(err) });
    console.error(err);
  })
  // biome-ignore lint/nursery/noMisusedPromises: finally() waits for the promise its callback returns
  .finally(async () => {
    await cleanup();
    if (figures.length) {
      log('\n| Cifra | Valor |\n|---|---|');
      for (const [k, v] of figures) log(`| ${k} | ${v} |`);
    }
    const failed = results.filter((r) => !r.ok).length;
    log(`\n${results.length - failed} passed, ${failed} failed`);
    process.exit(failed ? 1 : 0);
  });
