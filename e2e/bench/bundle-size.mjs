// Bundle benchmark (not a timed test): first-load JavaScript, gzip bytes, of /eventos.
//
//   node e2e/bench/bundle-size.mjs            (root: npm run bench:bundle)
//
// In one run it:
//   1. builds the shell and every remote (production) as they ship, and the SAME pages as one
//      ordinary bundle without federation (bench/single-bundle/);
//   2. starts the real API + storefront on a fresh PGlite and a temp origin (port BENCH_PORT,
//      default 3150) with the remotes published as `pnpm release` would;
//   3. opens /eventos in Chromium twice — federated, then the single bundle (its files served
//      from disk by request interception; API and /config.json still from the server) — and
//      records every JS response the browser actually asked for until the catalog rendered
//      and the network went idle; each body is gzipped here (level 9) and summed.
// Budget: federated first load ≤ 165 KB gzip (exit code 1 past it; the figures are printed
// either way). The federation overhead over the single bundle is reported beside it, with no
// floor: the standard MF runtime is worth its weight (docs/decisions/0001-federation-runtime.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const PORT = Number(process.env.BENCH_PORT || 3150);
const BUDGET_BYTES = 165 * 1024;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-bench-'));
process.env.ORIGIN_DIR = path.join(tmp, 'origin');

const { REMOTE_NAMES, buildShell, buildRemote, packageVersion, publish, startServer } = await import('../../platform/ops/lib.mjs');
const { singleBundleConfig, rspack } = await import('./single-bundle/rspack.config.mjs');
const require = createRequire(path.join(ROOT, 'e2e', 'package.json'));
const playwright = await import(pathToFileURL(require.resolve('@playwright/test')).href);
const chromium = playwright.chromium ?? playwright.default.chromium;

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const log = (s) => console.log(s);

log('▶ compilando shell y remotos (producción)…');
buildShell();
for (const remote of REMOTE_NAMES) {
  const out = path.join(tmp, 'build', remote);
  buildRemote(remote, packageVersion(remote), { quiet: true, outDir: out });
  await publish(remote, packageVersion(remote), { dist: out });
}
log('▶ compilando el mismo código como UN bundle ordinario (sin federación)…');
const singleDir = path.join(tmp, 'single');
await new Promise((resolve, reject) =>
  rspack(singleBundleConfig(singleDir)).run((err, stats) => (err || stats.hasErrors() ? reject(err ?? new Error(stats.toString('errors-only'))) : resolve())),
);

log('▶ iniciando API + storefront (PGlite nuevo)…');
const { child, base } = await startServer({
  port: PORT,
  env: { PGLITE_DIR: path.join(tmp, 'pglite'), LOG_LEVEL: 'warn', HOST: '127.0.0.1', DATABASE_URL: '' },
  stdio: 'ignore',
});

process.once('exit', () => child.kill('SIGTERM'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

/** JS the browser fetched for /eventos, with gzip sizes, grouped by origin of the code. */
async function measure(label, { singleBundle = false } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (singleBundle) {
    await page.route(`${base}/**`, async (route) => {
      const url = new URL(route.request().url());
      if (url.pathname.startsWith('/api/') || url.pathname === '/config.json' || url.pathname.startsWith('/remotes/')) return route.continue();
      const file = path.join(singleDir, url.pathname);
      if (url.pathname !== '/' && fs.existsSync(file) && fs.statSync(file).isFile()) {
        return route.fulfill({ path: file, headers: { 'cache-control': 'no-store' } });
      }
      return route.fulfill({ path: path.join(singleDir, 'index.html'), contentType: 'text/html; charset=utf-8' });
    });
  }
  const scripts = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js') || response.status() !== 200) return;
    scripts.push(response.body().then((body) => ({ path: url.pathname, raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length })));
  });
  await page.goto(`${base}/eventos`);
  await page.locator('[data-remote="catalog"] [data-remote-version]').first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const files = await Promise.all(scripts);
  await context.close();
  // On /eventos the shell warms seating + checkout when idle (a prefetch for the NEXT page):
  // reported apart, not part of this page's first load.
  const prefetch = files.filter((f) => /^\/remotes\/(seating|checkout|account|auth)\//.test(f.path));
  // The shell's after-load chunk is imported once the page has loaded and gone idle: telemetry,
  // the registry follower and Web Vitals (after-load, federation/host.ts). Not part of what the
  // page needs to show; reported apart too (e2e/tests/first-load.spec.ts checks it is fetched
  // after the load event).
  const afterLoad = files.filter((f) => /^\/after-load\.[^/]*\.js$/.test(f.path));
  const first = files.filter((f) => !prefetch.includes(f) && !afterLoad.includes(f));
  const sum = (list, key) => list.reduce((n, f) => n + f[key], 0);
  log(`\n${label}: ${first.length} archivos JS, ${kb(sum(first, 'gzip'))} gzip (${kb(sum(first, 'raw'))} sin comprimir)`);
  for (const f of first.sort((a, b) => b.gzip - a.gzip)) log(`  ${kb(f.gzip).padStart(9)}  ${f.path}`);
  if (afterLoad.length)
    log(
      `  (+ ${kb(sum(afterLoad, 'gzip'))} gzip tras el evento load, en reposo: telemetría, Web Vitals, seguimiento del registro; ${afterLoad.length} archivo(s))`,
    );
  if (prefetch.length) log(`  (+ ${kb(sum(prefetch, 'gzip'))} gzip de precarga en reposo para la siguiente página: ${prefetch.length} archivos)`);
  return sum(first, 'gzip');
}

let code = 0;
try {
  const federated = await measure('Federado (shell + catalog + singletons compartidos)');
  const single = await measure('Un solo bundle (mismo código, sin federación)', { singleBundle: true });
  const overhead = (federated - single) / single;
  log('\n──────── resultado ────────');
  log(`primera carga /eventos federada : ${kb(federated)} gzip  (límite ${kb(BUDGET_BYTES)}) ${federated <= BUDGET_BYTES ? '✔' : '✖'}`);
  log(`mismo código en un solo bundle  : ${kb(single)} gzip`);
  log(`sobrecosto de la federación     : ${kb(federated - single)} (${(overhead * 100).toFixed(1)} %)`);
  if (federated > BUDGET_BYTES) code = 1;
} catch (error) {
  console.error(error);
  code = 1;
} finally {
  await browser.close();
  child.kill('SIGTERM');
  fs.rmSync(tmp, { recursive: true, force: true });
}
process.exit(code);
