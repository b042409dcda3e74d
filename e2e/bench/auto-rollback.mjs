// Automatic rollback benchmark (not a timed test): how long after a bad version's first errors
// the release judge takes it away by itself, with the judge's default settings.
//
//   node e2e/bench/auto-rollback.mjs   (root: npm run bench:auto-rollback; build shell + remotes first)
//
// A fresh API + storefront (PGlite) on BENCH_PORT (default 3171) with every remote published.
// Simulated buyers' browsers — RATE new browser sessions a second (default 10), each sending the
// beacons the shell sends (POST /api/v1/telemetria: a session, and for a failing one the session's
// first error and a render error), to loopback only — while:
//   1. catalog 1.0.1 runs as a 10 % canary (`release --canary`), each browser on the version its
//      sticky cohort gives it (platform/canary.mjs, the shell's rule); 2 % of stable sessions fail,
//      BAD_RATE (default 30 %) of canary sessions do. Measured: from the first canary error accepted
//      by the server to the registry without the canary (the judge's `abort`, audited as automático).
//   2. catalog 1.0.2 released plainly with the same bug. Measured: from its first error accepted to
//      the registry back on 1.0.0 (the judge's rollback).
// Floor: ≤ 120 s each (issue 28). What sets the time: the judge waits for JUICIO_MIN_SESIONES (40)
// sessions of the bad version — at 10 % of RATE for a canary — then acts on its next tick
// (JUICIO_CADA_MS, 15 s). Browsers all come from 127.0.0.1, so the per-address beacon limit is
// raised for the run (as a shop's buyers would come from many addresses).
import fs from 'node:fs';
import path from 'node:path';
import { startStorefront } from './storefront.mjs';

const PORT = Number(process.env.BENCH_PORT || 3171);
const RATE = Number(process.env.RATE || 10);
const BAD_RATE = Number(process.env.BAD_RATE || 0.3);
const GOOD_RATE = 0.02;
const FLOOR_S = 120;
const LIMIT_S = 300;

const { base, apiKey, close } = await startStorefront({ port: PORT, tag: 'auto-rollback', env: { TELEMETRIA_MAX_POR_IP: '1000000' } });
const { publish } = await import('../../platform/ops/lib.mjs');
const { drawCohort, inCanary, readCanary } = await import('../../platform/canary.mjs');
const origin = process.env.ORIGIN_DIR;
const registry = () => JSON.parse(fs.readFileSync(path.join(origin, 'remotes.json'), 'utf8')).remotes.catalog;
const dist = path.join(import.meta.dirname, '..', '..', 'mfe-catalog', 'dist');

async function beacon(eventos) {
  const res = await fetch(`${base}/api/v1/telemetria?apiKey=${encodeURIComponent(apiKey)}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify({ eventos }),
  });
  if (res.status !== 202) throw new Error(`beacon ${res.status}: ${await res.text()}`);
}

/** One simulated browser session: the version its cohort gets, failing with the version's odds. */
async function browser(badVersion) {
  const entry = registry();
  const canary = readCanary(entry);
  const version = inCanary(drawCohort(), 'catalog', canary) ? canary.version : entry.current;
  const bad = version === badVersion;
  const fails = Math.random() < (bad ? BAD_RATE : GOOD_RATE);
  const eventos = [{ tipo: 'sesion', remoto: 'catalog', version }];
  if (fails) eventos.push({ tipo: 'sesion-con-error', remoto: 'catalog', version }, { tipo: 'error-render', remoto: 'catalog', version, modulo: 'EventList' });
  await beacon(eventos);
  return { bad, fails };
}

/** Runs buyers at RATE a second until `done()`; answers seconds from the bad version's first error to done. */
async function traffic(badVersion, done) {
  let firstError = null;
  let badSessions = 0;
  const started = Date.now();
  const inFlight = new Set();
  while (!done()) {
    if (Date.now() - started > LIMIT_S * 1000) throw new Error(`sin decisión en ${LIMIT_S} s`);
    const run = browser(badVersion).then(({ bad, fails }) => {
      if (bad) badSessions++;
      if (bad && fails && firstError === null) firstError = Date.now();
    });
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
    await new Promise((resolve) => setTimeout(resolve, 1000 / RATE));
  }
  await Promise.all(inFlight);
  return { seconds: (Date.now() - firstError) / 1000, badSessions };
}

const audit = () =>
  fs
    .readFileSync(path.join(origin, 'audit.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .at(-1);

try {
  console.log(`▶ ${RATE} sesiones de navegador por segundo; fallan el 2 % en la versión buena y el ${BAD_RATE * 100} % en la mala`);
  // A stable history for catalog 1.0.0 first (the plain release's baseline): one minute of traffic.
  const warm = Date.now();
  await traffic('ninguna', () => Date.now() - warm > 60_000).catch(() => undefined);

  await publish('catalog', '1.0.1', { dist, canary: 10, reason: 'bench: canary con un error' });
  const canary = await traffic('1.0.1', () => !readCanary(registry()));
  const abort = audit();
  console.log(`✔ canary 1.0.1 (10 %) abortado ${canary.seconds.toFixed(1)} s después de su primer error (${canary.badSessions} sesiones del canary)`);
  console.log(`  auditoría: ${abort.action} por ${abort.actor} — «${abort.reason}»`);

  await publish('catalog', '1.0.2', { dist, reason: 'bench: versión con un error' });
  const plain = await traffic('1.0.2', () => registry().current !== '1.0.2');
  const rollback = audit();
  console.log(`✔ 1.0.2 revertida a ${registry().current} ${plain.seconds.toFixed(1)} s después de su primer error (${plain.badSessions} sesiones de 1.0.2)`);
  console.log(`  auditoría: ${rollback.action} por ${rollback.actor} — «${rollback.reason}»`);

  const ok = canary.seconds <= FLOOR_S && plain.seconds <= FLOOR_S;
  console.log(`${ok ? '✔' : '✖'} piso ≤ ${FLOOR_S} s: canary ${canary.seconds.toFixed(1)} s, publicación ${plain.seconds.toFixed(1)} s`);
  process.exitCode = ok ? 0 : 1;
} finally {
  await close();
}
