// Delivery benchmark (not a timed test; issue 28 items 3 and 5): what a release, a canary and a
// rollback take to reach the buyers' browsers.
//
//   node e2e/bench/delivery.mjs   (root: npm run bench:delivery; build shell + remotes first)
//
// Real API + storefront on a fresh PGlite (BENCH_PORT, default 3165), the remotes published to
// a temp origin, headless Chromium. Measured:
//   1. release → first page load showing it: `release seating --version …` (a real build, the
//      command as ops runs it), then a new browser opens /eventos/1 until seating's slot shows
//      the new version (its bundle's data-remote-version). RELEASES times (default 2). The page
//      load is set against the same page load before the release (baseline, same run).
//   2. canary share: `release seating --canary 10` (the build of 1. under another version,
//      --dist), then BROWSERS (default 1,000) simulated browsers: each draws its cohort as the
//      shell does (platform/canary.mjs browserCohort, crypto), reads /remotes/remotes.json from
//      the server and picks seating's version with the shell's rule (readCanary + inCanary); read
//      three times, for stickiness. REAL (default 30) real Chromium browsers check that the shell
//      picks what the rule says. Floor: the share within ±3 points of 10 %.
//   3. rollback → every open tab on the old version: TABS (default 10) open tabs on /eventos/1
//      showing the released version; `rollback seating`; per tab, the time until its seating slot
//      shows the old version without a reload. Floor: every tab within 60 s.
// Exit code 1 when a floor is missed (the figures are printed either way).
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { median, startStorefront } from './storefront.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const PORT = Number(process.env.BENCH_PORT || 3165);
const RELEASES = Number(process.env.RELEASES || 2);
const BROWSERS = Number(process.env.BROWSERS || 1000);
const REAL = Number(process.env.REAL || 30);
const TABS = Number(process.env.TABS || 10);
const CANARY = 10;
const FLOOR = { sharePoints: 3, followMs: 60_000 };

const { base, browser, close } = await startStorefront({ port: PORT, tag: 'delivery' });
const { packageVersion } = await import('../../platform/ops/lib.mjs');
const { COHORT_KEY, browserCohort, inCanary, readCanary } = await import('../../platform/canary.mjs');
const ORIGIN_DIR = process.env.ORIGIN_DIR;

const log = (s) => console.log(s);
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
const pct = (x) => `${(x * 100).toFixed(1)} %`;

function ops(command, ...args) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(ROOT, 'platform', 'ops', `${command}.mjs`), ...args], {
    env: { ...process.env, ORIGIN_DIR, ORIGIN_S3_BUCKET: '' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stdout}${result.stderr}`);
  return performance.now() - started;
}

const seating = (page) => page.locator('[data-remote="seating"] [data-remote-version]').first();

/** A new browser opens /eventos/1: ms from navigation until seating shows `version`. */
async function loadShowing(version) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const started = performance.now();
  await page.goto(`${base}/eventos/1`);
  await page.locator(`[data-remote="seating"] [data-remote-version="${version}"]`).first().waitFor({ timeout: 60_000 });
  const took = performance.now() - started;
  await context.close();
  return took;
}

let failed = false;
const v1 = packageVersion('seating');
const stamp = Date.now().toString(36);

// 1. release → first page load showing it.
log(`▶ 1. release → primera carga que la muestra (${RELEASES} publicaciones de seating con compilación)`);
const baseline = [];
for (let i = 0; i < 3; i += 1) baseline.push(await loadShowing(v1));
const releases = [];
let live = v1;
for (let i = 0; i < RELEASES; i += 1) {
  const version = `${v1}-bench.${stamp}.${i}`;
  const command = ops('release', 'seating', '--version', version, '--reason', 'bench:delivery');
  const load = await loadShowing(version);
  releases.push({ version, command, load });
  live = version;
  log(`  ${version}: comando ${secs(command)} + carga ${secs(load)} = ${secs(command + load)}`);
}

// 2. canary share.
log(`▶ 2. canary ${CANARY} % en ${BROWSERS} navegadores simulados (+${REAL} Chromium reales)`);
const canaryVersion = `${live}.canary`;
ops('release', 'seating', '--version', canaryVersion, '--dist', path.join(ORIGIN_DIR, 'seating', live), '--canary', String(CANARY));
const memoryStorage = () => {
  const items = new Map();
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => items.set(k, String(v)) };
};
const pick = (registry, cohort) => (inCanary(cohort, 'seating', readCanary(registry.remotes.seating)) ? canaryVersion : registry.remotes.seating.current);
let onCanary = 0;
let switched = 0;
for (let i = 0; i < BROWSERS; i += 1) {
  const storage = memoryStorage();
  const answers = [];
  for (let read = 0; read < 3; read += 1) {
    const registry = await (await fetch(`${base}/remotes/remotes.json`, { cache: 'no-store' })).json();
    answers.push(pick(registry, browserCohort(storage)));
  }
  if (answers[0] === canaryVersion) onCanary += 1;
  if (new Set(answers).size > 1) switched += 1;
}
const share = onCanary / BROWSERS;
const shareOk = Math.abs(share * 100 - CANARY) <= FLOOR.sharePoints;
failed ||= !shareOk || switched > 0;
log(
  `  en canary: ${onCanary} de ${BROWSERS} = ${pct(share)} (objetivo ${CANARY} % ± ${FLOOR.sharePoints}) ${shareOk ? '✔' : '✖'}; cambiaron de versión entre lecturas: ${switched}`,
);
const registryNow = await (await fetch(`${base}/remotes/remotes.json`)).json();
let agree = 0;
let realCanary = 0;
for (let i = 0; i < REAL; i += 1) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/eventos/1`);
  await seating(page).waitFor({ timeout: 60_000 });
  const cohort = Number(await page.evaluate((key) => localStorage.getItem(key), COHORT_KEY));
  const entry = await page.evaluate(() => window.__TAQUILLA_FEDERATION__.entries().seating);
  const expected = pick(registryNow, cohort);
  if (entry.includes(`/seating/${expected}/`)) agree += 1;
  if (expected === canaryVersion) realCanary += 1;
  await context.close();
}
failed ||= agree !== REAL;
log(`  Chromium reales: ${agree}/${REAL} cargaron la versión que la regla da para su cohorte (${realCanary} en canary)`);
ops('abort', 'seating', '--reason', 'bench:delivery');

// 3. rollback → every open tab on the old version.
const back = releases.length > 1 ? releases.at(-2).version : v1;
log(`▶ 3. rollback ${live} → ${back} con ${TABS} pestañas abiertas en /eventos/1`);
const tabs = [];
for (let i = 0; i < TABS; i += 1) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/eventos/1`);
  await page.locator(`[data-remote="seating"] [data-remote-version="${live}"]`).first().waitFor({ timeout: 60_000 });
  tabs.push(page);
}
// Tabs opened over a few seconds, as buyers' are: their 20 s readings fall at different moments.
const rolledAt = performance.now() + ops('rollback', 'seating', back, '--reason', 'bench:delivery');
const follow = await Promise.all(
  tabs.map(async (page) => {
    try {
      await page
        .locator(`[data-remote="seating"] [data-remote-version="${back}"]`)
        .first()
        .waitFor({ timeout: 2 * FLOOR.followMs });
      return performance.now() - rolledAt;
    } catch {
      return Infinity;
    }
  }),
);
const slowest = Math.max(...follow);
const followOk = slowest <= FLOOR.followMs;
failed ||= !followOk;
log(
  `  pestañas en ${back}: ${follow.filter(Number.isFinite).length}/${TABS}; mediana ${secs(median(follow))}, la más lenta ${secs(slowest)} (objetivo ≤ 60 s) ${followOk ? '✔' : '✖'}`,
);

log('\n| Cifra | Medido | Objetivo / base |');
log('|---|---|---|');
const med = (key) => median(releases.map((r) => r[key]));
log(`| release (comando, compilación incluida) | mediana ${secs(med('command'))} | — |`);
log(
  `| primera carga que muestra la versión nueva | mediana ${secs(med('load'))} | misma carga antes de publicar: ${secs(median(baseline))} (× ${(med('load') / median(baseline)).toFixed(2)}) |`,
);
log(`| release → primera carga que la muestra | mediana ${secs(median(releases.map((r) => r.command + r.load)))} | — |`);
log(
  `| canary ${CANARY} % en ${BROWSERS} navegadores | ${pct(share)}; ${switched} cambiaron entre lecturas; ${agree}/${REAL} Chromium según la regla | ${CANARY} % ± ${FLOOR.sharePoints} puntos |`,
);
log(`| rollback → todas las pestañas abiertas en la versión anterior | mediana ${secs(median(follow))}, máx. ${secs(slowest)} (${TABS} pestañas) | ≤ 60 s |`);
log(`\ncarga media de la máquina (1 min): ${os.loadavg()[0].toFixed(2)} · ${os.cpus().length} núcleos`);

await close();
process.exit(failed ? 1 : 0);
