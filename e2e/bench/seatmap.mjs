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
//     after the frame that shows the change; p95 over all clicks. Twice: in a second Chromium
//     whose frames are not tied to a 60 Hz clock (--disable-frame-rate-limit: a frame is drawn
//     as soon as there is a change), where the figure is what the page takes to show a click, and in the
//     normal one, where it also holds the wait for the next 60 Hz frame (0–16.7 ms, uniform
//     over clicks whatever the page does; printed on its own row). Both are set against the
//     16 ms floor; the exit code follows the first, since in the second the wait alone has a
//     p95 of ~15.9 ms whatever the page does;
//   - stadium overview (/eventos/:id): `taquilla:venue-map-painted` minus the later of detalle
//     and detalle_seccion; also from navigation start;
//   - bytes on the wire of each call (Resource Timing transferSize, encoded and decoded body).
// Floors: data → painted ≤ 300 ms, p95 click → repaint ≤ 16 ms (the page's, see above),
// overview ≤ 500 ms. Exit code 1 when one is missed (the figures are printed either way).
import os from 'node:os';
import { median, p95, startStorefront } from './storefront.mjs';

const PORT = Number(process.env.BENCH_PORT || 3160);
const RUNS = Number(process.env.RUNS || 5);
const FLOOR = { paint: 300, click: 16, overview: 500 };

const log = (s) => console.log(s);
const ms = (n) => `${n.toFixed(1)} ms`;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const { base, browser, launchBrowser, apiKey: API_KEY, close } = await startStorefront({ port: PORT, tag: 'seatmap' });
/** Frames drawn as soon as they are needed, not on a 60 Hz clock. */
const unclocked = await launchBrowser(['--disable-frame-rate-limit']);

const api = async (p) => (await fetch(`${base}/api/v1${p}`, { headers: { 'x-api-key': API_KEY } })).json();
const { eventosFiltrados } = await api('/eventos/get_all?tipoDispositivo=web');
const evento = eventosFiltrados.find((e) => e.recinto.nombre === 'Estadio Carlos Iturralde');
const { secciones } = await api(`/eventos/${evento.id}/detalle_seccion/false/web`);
const norte = secciones.find((s) => s.capacidad === 5000);
const places = secciones.reduce((n, s) => n + s.capacidad, 0);

/** Waits for a User Timing mark and returns it with the API calls' resource entries. */
async function timings(page, mark) {
  await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, mark, { timeout: 30_000 });
  return page.evaluate(
    (m) => ({
      mark: performance.getEntriesByName(m)[0].startTime,
      calls: performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/api/v1/eventos/'))
        .map((e) => ({
          url: new URL(e.name).pathname,
          responseEnd: e.responseEnd,
          transfer: e.transferSize,
          encoded: e.encodedBodySize,
          decoded: e.decodedBodySize,
        })),
    }),
    mark,
  );
}

const dataEnd = (calls, pattern) => Math.max(...calls.filter((c) => pattern.test(c.url)).map((c) => c.responseEnd));

const clickSeries = () => ({ clicks: [], work: [], waits: [] });
const results = { paint: [], clock60: clickSeries(), unclocked: clickSeries(), frame: [], frameUnclocked: [], overview: [], overviewNav: [], bytes: new Map() };

/**
 * Clicks free seats of the open 5,000-seat page (select ten, release them; twice) and pushes
 * each click → repaint to `clicks`, the click's own JS work to `work` and the time from the
 * click to the start of the next frame (the animation frame's timestamp) to `waits`.
 */
async function measureClicks(page, { clicks, work, waits }) {
  const canvas = page.getByRole('application');
  await page.evaluate(() => {
    const w = window;
    w.__clicks = [];
    w.__work = [];
    w.__waits = [];
    // After React's listener (window is above its root): the microtask queued here runs after
    // React's sync flush, so it times the click's JS work (handler, render, commit, canvas).
    window.addEventListener('click', (e) => {
      const t0 = e.timeStamp;
      queueMicrotask(() => w.__work.push(performance.now() - t0));
    });
    document.querySelector('canvas').addEventListener(
      'click',
      (e) => {
        const t0 = e.timeStamp;
        requestAnimationFrame((frameStart) => {
          w.__waits.push(frameStart - t0);
          const ch = new MessageChannel();
          ch.port1.onmessage = () => w.__clicks.push(performance.now() - t0);
          ch.port2.postMessage(0);
        });
      },
      { capture: true },
    );
  });
  // Row 20 (far from the blocked first row), cells of 14 px; 10 seats = the event's limit.
  const box = await canvas.boundingBox();
  for (let round = 0; round < 2; round++) {
    for (let click = 0; click < 20; click++) {
      const col = 20 + round * 12 + (click % 10);
      await page.mouse.click(box.x + col * 14 + 7, box.y + 20 * 14 + 7);
      await page.waitForTimeout(40);
    }
  }
  await page.waitForTimeout(200);
  const got = await page.evaluate(() => ({ clicks: window.__clicks, work: window.__work, waits: window.__waits }));
  clicks.push(...got.clicks);
  work.push(...got.work);
  waits.push(...got.waits);
}

/**
 * Mean time between frames over 20 frames that each change something on screen (a 1 px square
 * added for the purpose, then removed): 16.7 ms on a 60 Hz clock, about 1 ms without it.
 */
const frameInterval = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        const dot = document.body.appendChild(document.createElement('div'));
        dot.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px';
        const t = [];
        const tick = (now) => {
          dot.style.background = t.length % 2 ? '#000' : '#fff';
          if (t.push(now) < 21) return requestAnimationFrame(tick);
          dot.remove();
          resolve((t[20] - t[0]) / 20);
        };
        requestAnimationFrame(tick);
      }),
  );
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

    // ---- click → repaint, at 60 Hz
    results.frame.push(await frameInterval(page));
    await measureClicks(page, results.clock60);
    await context.close();

    // ---- click → repaint, frames not tied to a clock
    const context2 = await unclocked.newContext({ viewport: { width: 1280, height: 900 } });
    const page2 = await context2.newPage();
    await page2.goto(`${base}/eventos/${evento.id}/${norte.id}/${encodeURIComponent(norte.nombre)}`);
    await timings(page2, 'taquilla:seat-map-painted');
    results.frameUnclocked.push(await frameInterval(page2));
    await measureClicks(page2, results.unclocked);
    await context2.close();
  }
} finally {
  await unclocked.close();
  await close();
}

const paint = median(results.paint);
const overview = median(results.overview);
// The flags did take: frames come much faster than every 16.7 ms when a page asks for them.
const unclockedOk = median(results.frameUnclocked) < 8;
const { clock60: c60, unclocked: free } = results;
const click = p95(free.clicks);
const clickOk = unclockedOk && click <= FLOOR.click;
const fig = (xs) => `${ms(median(xs))} (p95 ${ms(p95(xs))})`;
log(`\nCarga del equipo al terminar (load average 1 min): ${os.loadavg()[0].toFixed(1)} en ${os.cpus().length} núcleos.`);
log(
  `\nEvento ${evento.id} (${evento.recinto.nombre}): ${places.toLocaleString('es-MX')} lugares; sección ${norte.nombre}: ${norte.capacidad.toLocaleString('es-MX')} asientos. ${RUNS} corridas.`,
);
log('\n| Medida | Mediana | Peor | Límite |');
log('|---|---:|---:|---:|');
log(`| 5,000 asientos: datos → pintado | ${ms(paint)} | ${ms(Math.max(...results.paint))} | ≤ ${FLOOR.paint} ms ${paint <= FLOOR.paint ? '✔' : '✖'} |`);
log(
  `| clic → repintado, cuadros sin reloj (${free.clicks.length} clics) | ${fig(free.clicks)} | ${ms(Math.max(...free.clicks))} | p95 ≤ ${FLOOR.click} ms ${clickOk ? '✔' : '✖'} |`,
);
log(
  `| clic → repintado a 60 Hz (${c60.clicks.length} clics) | ${fig(c60.clicks)} | ${ms(Math.max(...c60.clicks))} | p95 ≤ ${FLOOR.click} ms ${p95(c60.clicks) <= FLOOR.click ? '✔' : '✖'} |`,
);
log(`| de eso, a 60 Hz: espera del clic al siguiente cuadro | ${fig(c60.waits)} | ${ms(Math.max(...c60.waits))} | — |`);
log(`| del clic: trabajo JS (evento, render, commit, canvas), sin reloj | ${fig(free.work)} | ${ms(Math.max(...free.work))} | — |`);
log(`| del clic: trabajo JS, a 60 Hz | ${fig(c60.work)} | ${ms(Math.max(...c60.work))} | — |`);
log(
  `| intervalo entre cuadros que cambian algo, sin reloj / a 60 Hz | ${ms(median(results.frameUnclocked))} / ${ms(median(results.frame))} | ${ms(Math.max(...results.frameUnclocked))} / ${ms(Math.max(...results.frame))} | sin reloj < 8 ms ${unclockedOk ? '✔' : '✖ (la bandera de Chromium no surtió efecto)'} |`,
);
log(
  `| estadio: datos → mapa pintado | ${ms(overview)} | ${ms(Math.max(...results.overview))} | ≤ ${FLOOR.overview} ms ${overview <= FLOOR.overview ? '✔' : '✖'} |`,
);
log(`| estadio: navegación → mapa pintado (carga de JS incluida) | ${ms(median(results.overviewNav))} | ${ms(Math.max(...results.overviewNav))} | — |`);
log('\n| Llamada | En la red (transferSize) | Cuerpo comprimido | Cuerpo sin comprimir |');
log('|---|---:|---:|---:|');
for (const [url, c] of results.bytes) log(`| \`GET ${url}\` | ${kb(c.transfer)} | ${kb(c.encoded)} | ${kb(c.decoded)} |`);
process.exit(paint <= FLOOR.paint && clickOk && overview <= FLOOR.overview ? 0 : 1);
