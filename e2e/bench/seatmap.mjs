// Seat-map benchmark (not a timed test): Chromium on the demo stadium (event "Clásico del
// Sureste", Estadio Carlos Iturralde: > 20,000 places).
//
//   node e2e/bench/seatmap.mjs        (e2e: npm run bench:seatmap; build shell + remotes first)
//
// It publishes the built shell + remotes to a temp origin, starts the real API on a fresh
// PGlite (port BENCH_PORT, default 3160) and measures, RUNS times each:
//   - 5,000-seat section (Cabecera Norte): data → painted = the seat page's User Timing mark
//     `taquilla:seat-map-painted` (set in the frame after the canvas was drawn) minus the
//     `responseEnd` of the later of its two calls (detalle, filas_por_seccion);
//   - click → repaint on that canvas: real mouse clicks on free seats (select, then release);
//     from the click event's timeStamp to a task queued from the next animation frame, i.e.
//     after the frame that shows the change; p95 over all clicks;
//   - stadium overview (/eventos/:id): `taquilla:venue-map-painted` minus the later of detalle
//     and detalle_seccion; also from navigation start;
//   - bytes on the wire of each call (Resource Timing transferSize, encoded and decoded body).
// Floors: data → painted ≤ 300 ms, p95 click → repaint ≤ 16 ms, overview ≤ 500 ms. Exit
// code 1 when one is missed (the figures are printed either way).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const PORT = Number(process.env.BENCH_PORT || 3160);
const RUNS = Number(process.env.RUNS || 5);
const API_KEY = 'taquilla-bench-key';
const FLOOR = { paint: 300, click: 16, overview: 500 };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-seatmap-'));
process.env.ORIGIN_DIR = path.join(tmp, 'origin');

const { REMOTE_NAMES, packageVersion, publish, startServer } = await import('../../platform/ops/lib.mjs');
const require = createRequire(path.join(ROOT, 'e2e', 'package.json'));
const playwright = await import(pathToFileURL(require.resolve('@playwright/test')).href);
const chromium = playwright.chromium ?? playwright.default.chromium;

const log = (s) => console.log(s);
const ms = (n) => `${n.toFixed(1)} ms`;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];

if (!fs.existsSync(path.join(ROOT, 'shell', 'dist', 'index.html'))) {
  console.error('✖ Falta shell/dist: compila primero (pnpm --filter @taquilla/shell --filter "./mfe-*" build).');
  process.exit(1);
}
for (const remote of REMOTE_NAMES) publish(remote, packageVersion(remote));

log('▶ iniciando API + storefront (PGlite nuevo)…');
const { child, base } = await startServer({
  port: PORT,
  env: { PGLITE_DIR: path.join(tmp, 'pglite'), LOG_LEVEL: 'warn', HOST: '127.0.0.1', DATABASE_URL: '', API_KEY },
  stdio: 'ignore',
});
process.once('exit', () => child.kill('SIGTERM'));

const api = async (p) => (await fetch(`${base}/api/v1${p}`, { headers: { 'x-api-key': API_KEY } })).json();
const { eventosFiltrados } = await api('/eventos/get_all?tipoDispositivo=web');
const evento = eventosFiltrados.find((e) => e.recinto.nombre === 'Estadio Carlos Iturralde');
const { secciones } = await api(`/eventos/${evento.id}/detalle_seccion/false/web`);
const norte = secciones.find((s) => s.capacidad === 5000);
const places = secciones.reduce((n, s) => n + s.capacidad, 0);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

/** Waits for a User Timing mark and returns it with the API calls' resource entries. */
async function timings(page, mark) {
  await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, mark, { timeout: 30_000 });
  return page.evaluate((m) => ({
    mark: performance.getEntriesByName(m)[0].startTime,
    calls: performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/api/v1/eventos/'))
      .map((e) => ({ url: new URL(e.name).pathname, responseEnd: e.responseEnd, transfer: e.transferSize, encoded: e.encodedBodySize, decoded: e.decodedBodySize })),
  }), mark);
}

const dataEnd = (calls, pattern) => Math.max(...calls.filter((c) => pattern.test(c.url)).map((c) => c.responseEnd));

const results = { paint: [], click: [], work: [], overview: [], overviewNav: [], bytes: new Map() };
/** Bytes of a call's first (cold-cache) download; a later 304 revalidation is not its size. */
function record(call) {
  const key = call.url.replace(/\/eventos\/\d+\/\d+\//, '/eventos/{id}/{seccionId}/').replace(/\/eventos\/\d+/, '/eventos/{id}');
  if (!results.bytes.has(key)) results.bytes.set(key, call);
}
try {
  for (let run = 0; run < RUNS; run++) {
    // A fresh context per run: cold HTTP cache, so the bytes are what a first visit downloads.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // ---- stadium overview
    const page = await context.newPage();
    await page.goto(`${base}/eventos/${evento.id}`);
    const ov = await timings(page, 'taquilla:venue-map-painted');
    results.overview.push(ov.mark - dataEnd(ov.calls, /\/(detalle|detalle_seccion\/false\/web)$/));
    results.overviewNav.push(ov.mark);
    if (run === 0) for (const c of ov.calls) record(c);

    // ---- 5,000-seat section
    await page.goto(`${base}/eventos/${evento.id}/${norte.id}/${encodeURIComponent(norte.nombre)}`);
    const seats = await timings(page, 'taquilla:seat-map-painted');
    results.paint.push(seats.mark - dataEnd(seats.calls, /\/(detalle|filas_por_seccion)$/));
    if (run === 0) for (const c of seats.calls) record(c);

    // ---- click → repaint
    const canvas = page.getByRole('application');
    await page.evaluate(() => {
      const w = window;
      w.__clicks = [];
      w.__work = [];
      // After React's listener (window is above its root): the microtask queued here runs after
      // React's sync flush, so it times the click's JS work (handler, render, commit, canvas).
      window.addEventListener('click', (e) => {
        const t0 = e.timeStamp;
        queueMicrotask(() => w.__work.push(performance.now() - t0));
      });
      document.querySelector('canvas').addEventListener('click', (e) => {
        const t0 = e.timeStamp;
        requestAnimationFrame(() => {
          const ch = new MessageChannel();
          ch.port1.onmessage = () => w.__clicks.push(performance.now() - t0);
          ch.port2.postMessage(0);
        });
      }, { capture: true });
    });
    // Row 20 (far from the blocked first row), cells of 14 px; 10 seats = the event's limit.
    const box = await canvas.boundingBox();
    for (let round = 0; round < 2; round++) {
      // select 10 seats, then release them
      for (let click = 0; click < 20; click++) {
        const col = 20 + round * 12 + (click % 10);
        await page.mouse.click(box.x + col * 14 + 7, box.y + 20 * 14 + 7);
        await page.waitForTimeout(40);
      }
    }
    await page.waitForTimeout(200);
    results.click.push(...(await page.evaluate(() => window.__clicks)));
    results.work.push(...(await page.evaluate(() => window.__work)));
    await context.close();
  }
} finally {
  await browser.close();
  child.kill('SIGTERM');
  fs.rmSync(tmp, { recursive: true, force: true });
}

const paint = median(results.paint);
const click = p95(results.click);
const overview = median(results.overview);
log(`\nCarga del equipo al terminar (load average 1 min): ${os.loadavg()[0].toFixed(1)} en ${os.cpus().length} núcleos.`);
log(`\nEvento ${evento.id} (${evento.recinto.nombre}): ${places.toLocaleString('es-MX')} lugares; sección ${norte.nombre}: ${norte.capacidad.toLocaleString('es-MX')} asientos. ${RUNS} corridas.`);
log('\n| Medida | Mediana | Peor | Límite |');
log('|---|---:|---:|---:|');
log(`| 5,000 asientos: datos → pintado | ${ms(paint)} | ${ms(Math.max(...results.paint))} | ≤ ${FLOOR.paint} ms ${paint <= FLOOR.paint ? '✔' : '✖'} |`);
log(`| clic → repintado (p95 de ${results.click.length} clics) | ${ms(median(results.click))} (p95 ${ms(click)}) | ${ms(Math.max(...results.click))} | p95 ≤ ${FLOOR.click} ms ${click <= FLOOR.click ? '✔' : '✖'} |`);
log(`| del clic: trabajo JS (evento, render, commit, canvas) | ${ms(median(results.work))} (p95 ${ms(p95(results.work))}) | ${ms(Math.max(...results.work))} | — |`);
log(`| estadio: datos → mapa pintado | ${ms(overview)} | ${ms(Math.max(...results.overview))} | ≤ ${FLOOR.overview} ms ${overview <= FLOOR.overview ? '✔' : '✖'} |`);
log(`| estadio: navegación → mapa pintado (carga de JS incluida) | ${ms(median(results.overviewNav))} | ${ms(Math.max(...results.overviewNav))} | — |`);
log('\n| Llamada | En la red (transferSize) | Cuerpo comprimido | Cuerpo sin comprimir |');
log('|---|---:|---:|---:|');
for (const [url, c] of results.bytes) log(`| \`GET ${url}\` | ${kb(c.transfer)} | ${kb(c.encoded)} | ${kb(c.decoded)} |`);
process.exit(paint <= FLOOR.paint && click <= FLOOR.click && overview <= FLOOR.overview ? 0 : 1);
