// Checkout benchmark (not a timed test): Chromium buys one seat as a guest, RUNS times (default
// 50), on the Openpay sandbox, each purchase in a fresh browser context:
//
//   node e2e/bench/checkout.mjs   (root: npm run bench:checkout:e2e; bench:checkout runs this and
//                                  the API bench; build shell + remotes first)
//
// Seat page → 1 seat by keyboard → guest name and e-mail → 'Continuar' → the approved test
// card → 'Pagar' → 'Confirmar' in 'Confirmar compra'. Measured in the page: from the
// 'Confirmar' click event's timeStamp (the moment money is asked for: 'Pagar' itself only
// opens the confirmation) to a task queued from the animation frame after the '¡Compra
// exitosa!' dialog entered the DOM, i.e. after the frame that shows it. That span holds the
// card token (/sandbox/openpay.js → the sandbox), make/cargo_invitado (charge, sale, tickets,
// their e-mail queued) and the modal's render. p50/p95 over all purchases; no floors.
// Real API + storefront on a fresh PGlite on BENCH_PORT (default 3161).
import os from 'node:os';
import { median, p95, startStorefront } from './storefront.mjs';

const PORT = Number(process.env.BENCH_PORT || 3161);
const RUNS = Number(process.env.RUNS || 50);
const EVENTO = 'Luna Roja — Gira Eclipse';
const CARD = '4111111111111111';

const { base, browser, apiKey, close } = await startStorefront({ port: PORT, tag: 'checkout' });
const api = async (p) => (await fetch(`${base}/api/v1${p}`, { headers: { 'x-api-key': apiKey } })).json();
const { eventosFiltrados } = await api('/eventos/get_all?tipoDispositivo=web');
const evento = eventosFiltrados.find((e) => e.nombre === EVENTO);
const { secciones } = await api(`/eventos/${evento.id}/detalle_seccion/false/web`);
const seccion = secciones.filter((s) => s.tipo_seccion === 'numerada').sort((a, b) => b.asientosDisponibles - a.asientosDisponibles)[0];
if (seccion.asientosDisponibles < RUNS) throw new Error(`${seccion.nombre}: ${seccion.asientosDisponibles} asientos libres < ${RUNS}`);

/** Stamps the 'Confirmar' click and the frame after the success dialog appears (window.__pay). */
function instrument() {
  const w = window;
  w.__pay = {};
  document.addEventListener(
    'click',
    (e) => {
      const button = e.target instanceof Element ? e.target.closest('button') : null;
      if (button?.textContent?.trim() === 'Confirmar' && button.closest('[role="dialog"], dialog')) w.__pay.t0 = e.timeStamp;
    },
    { capture: true },
  );
  const seen = () => [...document.querySelectorAll('[role="dialog"], dialog')].some((d) => d.textContent?.includes('¡Compra exitosa!'));
  new MutationObserver((_, observer) => {
    if (w.__pay.t0 === undefined || !seen()) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => (w.__pay.t1 = performance.now());
      ch.port2.postMessage(0);
    });
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

const times = [];
const load = [];
try {
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/eventos/${evento.id}/${seccion.id}/${encodeURIComponent(seccion.nombre)}`);
    const panel = page.getByRole('region', { name: 'Resumen de compra' });
    await panel.getByRole('button', { name: 'Continuar' }).waitFor();
    const map = page.getByRole('application', { name: new RegExp(`^Asientos de ${seccion.nombre}`) });
    await map.focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: /: seleccionado/ })
      .waitFor();
    await panel.getByLabel('Nombre', { exact: true }).fill('Invitada Bench');
    await panel.getByLabel('Correo electrónico').fill(`bench.${run}.${Date.now().toString(36)}@ejemplo.mx`);
    await panel.getByRole('button', { name: 'Continuar' }).click();
    await panel.getByLabel('Nombre del titular').fill('Ana Prueba');
    await panel.getByLabel('Número de tarjeta').fill(CARD);
    await panel.getByLabel('Vencimiento (MM/AA)').fill('1230');
    await panel.getByLabel('CVV', { exact: true }).fill('123');
    await page.evaluate(instrument);
    await panel.getByRole('button', { name: 'Pagar', exact: true }).click();
    await page.getByRole('dialog', { name: 'Confirmar compra' }).getByRole('button', { name: 'Confirmar' }).click();
    await page.getByRole('dialog', { name: '¡Compra exitosa!' }).waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => window.__pay.t1 !== undefined);
    const { t0, t1 } = await page.evaluate(() => window.__pay);
    times.push(t1 - t0);
    load.push(os.loadavg()[0]);
    await context.close();
    if ((run + 1) % 10 === 0) console.log(`  ${run + 1}/${RUNS}: mediana ${median(times).toFixed(0)} ms`);
  }
} finally {
  await close();
}

const ms = (n) => `${n.toFixed(0)} ms`;
console.log(
  `\n'Confirmar' → '¡Compra exitosa!' pintado, ${times.length} compras de invitado (1 asiento, ${seccion.nombre}, ${EVENTO}), Chromium headless, pasarela sandbox, PGlite`,
);
console.log('\n| Medida | p50 | p95 | Peor |');
console.log('|---|---:|---:|---:|');
console.log(`| 'Confirmar' → modal de éxito | ${ms(median(times))} | ${ms(p95(times))} | ${ms(Math.max(...times))} |`);
console.log(
  `\nCarga del equipo (load average 1 min) durante las compras: mediana ${median(load).toFixed(1)}, máx ${Math.max(...load).toFixed(1)}, en ${os.cpus().length} núcleos.`,
);
