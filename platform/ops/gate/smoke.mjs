// The smoke mount: the new build loaded into the live shell, with the other live remotes, in
// headless Chromium, on the pages that mount it. Nothing is published: the browser is told
// (request interception) that the registry names the new version, and that version's files are
// answered from the build folder. Everything else (the shell, the other remotes, the API, the
// data) is the shop's own.
import fs from 'node:fs';
import path from 'node:path';
import { contentTypeFor } from '../../origin/index.mjs';

const FALLBACK_TEXT = 'No pudimos cargar esta sección.';
const SETTLE_MS = 20_000;
/** shared's UNHEARD_AFTER_MS (1 s) and some room: an unheard event is reported this long after its emit. */
const UNHEARD_WAIT_MS = 1_400;

/** The registry the page sees: the live one, with `remote` at `version`. */
export function registryWith(live, remote, version) {
  const remotes = structuredClone(live.remotes ?? {});
  const entry = remotes[remote] ?? { history: [] };
  remotes[remote] = {
    ...entry,
    current: version,
    history: [
      ...(entry.history ?? []).filter((h) => h.version !== version),
      { version, entry: `${remote}/${version}/mf-manifest.json`, publishedAt: new Date().toISOString() },
    ],
  };
  return { ...live, remotes };
}

// Runs in the page before its scripts: once the shell's share scope holds @taquilla/shared,
// subscribe to its onUnheardEvent (the page's one bus) and keep what it reports.
function watchUnheard() {
  const w = window;
  w.__gateUnheard = [];
  const timer = setInterval(async () => {
    const api = w.__TAQUILLA_FEDERATION__;
    if (!api) return;
    const copies = Object.values((await api.shareScope())['@taquilla/shared'] ?? {});
    const entry = copies.find((c) => c.loaded) ?? null;
    if (!entry || w.__gateWatching) return;
    w.__gateWatching = true;
    clearInterval(timer);
    const shared = (await entry.get())();
    shared.onUnheardEvent?.((event) => w.__gateUnheard.push(event.type));
  }, 25);
}

/**
 * The pages of the tour and the remotes each mounts. `visit` may find what the next pages need
 * (an event id) and act as a buyer would (pick a seat: seating tells checkout over the bus).
 */
const TOUR = [
  {
    name: 'lista de eventos',
    mounts: ['catalog', 'seating', 'checkout', 'account', 'auth'],
    path: () => '/eventos',
    async visit(page, found) {
      // The slot shows before its list has loaded: wait for the events' links (or its fallback).
      await page
        .waitForFunction(
          (fallback) => {
            const slot = document.querySelector('[data-remote="catalog"]');
            return !!slot && (!!slot.querySelector('a[href^="/eventos/"]') || slot.textContent.includes(fallback));
          },
          FALLBACK_TEXT,
          { timeout: SETTLE_MS },
        )
        .catch(() => undefined);
      const links = page.locator('[data-remote="catalog"] a[href^="/eventos/"]');
      const hrefs = await links.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      found.eventIds = [...new Set(hrefs.map((h) => /^\/eventos\/(?:informacion\/)?(\d+)$/.exec(h)?.[1]).filter(Boolean))];
    },
  },
  {
    name: 'información del evento',
    mounts: ['catalog', 'seating', 'checkout'],
    path: (found) => found.eventIds?.[0] && `/eventos/informacion/${found.eventIds[0]}`,
    async visit(page) {
      // The venue map and the general-admission modal mount once the page settles or scrolls.
      await page.mouse.wheel(0, 4000);
      await page.waitForFunction(() => document.querySelectorAll('[data-remote]').length >= 2, null, { timeout: 5_000 }).catch(() => undefined);
    },
  },
  {
    name: 'evento y selección de asientos',
    mounts: ['seating', 'checkout'],
    path: (found) => found.eventIds?.[0] && `/eventos/${found.eventIds[0]}`,
    async visit(page, found, settle) {
      // A numbered section of the first event that has one; then a free seat, picked by keyboard.
      for (const id of found.eventIds ?? []) {
        if (!page.url().endsWith(`/eventos/${id}`)) {
          await page.goto(`/eventos/${id}`);
          await settle();
        }
        const numbered = page.getByRole('button', { name: /sección numerada/ }).first();
        if ((await numbered.count()) === 0) continue;
        await numbered.click();
        await settle();
        const seats = page.getByRole('application', { name: /^Asientos de / });
        await seats.focus();
        const status = page.getByRole('status').filter({ hasText: /^Fila / });
        for (let i = 0; i < 40; i += 1) {
          if (/: disponible/.test((await status.textContent().catch(() => '')) ?? '')) {
            await page.keyboard.press('Enter');
            return;
          }
          await page.keyboard.press('ArrowRight');
        }
        return;
      }
    },
  },
  { name: 'inicio de sesión', mounts: ['auth'], path: () => '/auth/login' },
];

/** The tour's pages that mount `remote` (the landing always: it is where every visit starts). */
export const tourFor = (remote) => TOUR.filter((step, i) => i === 0 || step.mounts.includes(remote));

/**
 * Loads `dist` as `remote` `version` into the shop at `shopUrl` and walks the tour's pages that
 * mount it. Returns the reasons it fails (none: it passed): a slot that shows its fallback (its
 * error boundary caught a throw, or the remote did not load), an error in the console or an
 * uncaught one, a bus event that the contract says someone must hear and nobody heard.
 */
export async function smokeMount({ shopUrl, remote, version, dist, executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium' }) {
  const problems = [];
  const config = await (await fetch(new URL('/config.json', shopUrl))).json();
  const registryUrl = new URL(config.registryUrl, shopUrl).href;
  const live = await (await fetch(registryUrl, { cache: 'no-store' })).json();
  const folder = new URL(`${remote}/${version}/`, registryUrl);
  const root = path.resolve(dist);

  // Loaded here, not at the top: every `release` imports the gate, few runs reach the browser.
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({ baseURL: shopUrl, locale: 'es-MX', timezoneId: 'America/Mexico_City', serviceWorkers: 'block' });
    // The page's HTML without the registry the server inlined (the page then reads ours).
    await context.route(
      (url) => url.origin === new URL(shopUrl).origin,
      async (route) => {
        if (route.request().resourceType() !== 'document') return route.fallback();
        const response = await route.fetch();
        const body = (await response.text()).replace(/<script type="application\/json" data-url="([^"]*)"[^>]*>[\s\S]*?<\/script>/g, (block, url) =>
          new URL(url.replace(/&amp;/g, '&'), shopUrl).href === registryUrl ? '' : block,
        );
        const headers = Object.fromEntries(Object.entries(response.headers()).filter(([k]) => !['content-length', 'content-encoding'].includes(k)));
        return route.fulfill({ status: response.status(), headers, body });
      },
    );
    await context.route(
      (url) => url.href === registryUrl,
      (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          headers: { 'cache-control': 'no-store' },
          body: JSON.stringify(registryWith(live, remote, version)),
        }),
    );
    await context.route(
      (url) => url.href.startsWith(folder.href),
      (route) => {
        const relative = decodeURIComponent(new URL(route.request().url()).pathname.slice(folder.pathname.length));
        const file = path.resolve(root, relative);
        if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return route.fulfill({ status: 404, body: '' });
        return route.fulfill({ status: 200, contentType: contentTypeFor(file), headers: { 'access-control-allow-origin': '*' }, body: fs.readFileSync(file) });
      },
    );
    // The shell's telemetry beacons are answered here: the server would refuse the candidate's
    // version (not in the registry yet) with a 400 the console reports, and a test visit is no
    // buyer's session to count anyway.
    await context.route(
      (url) => url.origin === new URL(shopUrl).origin && url.pathname === '/api/v1/telemetria',
      (route) => route.fulfill({ status: 202, contentType: 'application/json', body: '{"aceptados":0}' }),
    );
    await context.addInitScript(watchUnheard);

    const page = await context.newPage();
    let where = '';
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`error en la consola en ${where}: ${message.text().slice(0, 300)}`);
    });
    page.on('pageerror', (error) => problems.push(`error sin capturar en ${where}: ${String(error.message ?? error).slice(0, 300)}`));

    const settle = async () => {
      await page
        .waitForFunction(
          () => {
            const slots = [...document.querySelectorAll('[data-remote]')];
            return slots.length > 0 && slots.every((s) => !s.querySelector('.remote-loading'));
          },
          null,
          { timeout: SETTLE_MS },
        )
        .catch(() => problems.push(`en ${where} alguna sección no terminó de cargar en ${SETTLE_MS / 1000} s`));
    };

    const found = {};
    for (const step of tourFor(remote)) {
      const target = step.path(found);
      if (!target) {
        problems.push(`no se pudo llegar a «${step.name}»: la página anterior no mostró lo que lleva a ella`);
        continue;
      }
      where = target;
      await page.goto(target);
      await settle();
      await step.visit?.(page, found, settle);
      where = new URL(page.url()).pathname;
      await page.waitForTimeout(UNHEARD_WAIT_MS);
      const fallbacks = await page
        .locator('[data-remote]')
        .filter({ hasText: FALLBACK_TEXT })
        .evaluateAll((slots) => slots.map((s) => s.getAttribute('data-remote')));
      for (const slot of fallbacks) problems.push(`en ${where} la sección de ${slot} mostró «${FALLBACK_TEXT}» (su error boundary o su carga falló)`);
      const unheard = await page.evaluate(() => window.__gateUnheard?.splice(0) ?? []);
      for (const type of new Set(unheard)) problems.push(`en ${where} nadie escuchó el evento del bus "${type}", que el contrato dice que alguien debe oír`);
    }
    return [...new Set(problems)].map((p) => `prueba de montaje de ${remote} ${version}: ${p}`);
  } finally {
    await browser.close();
  }
}
