import { expect, test } from '../support/fixtures';
import { eventoId, openSeatPage, seccion } from '../support/purchase';

// A buyer's first visit: every request the page makes succeeds and nothing is logged as an
// error (a missing favicon, a stale chunk or a failing call shows up here first).
test('the first load of /eventos has no failed request and no console error', async ({ page }) => {
  const failed: string[] = [];
  const errors: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => failed.push(`${request.failure()?.errorText ?? 'failed'} ${request.url()}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.goto('/eventos');
  await expect(page.getByRole('heading', { name: 'Próximos eventos' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(failed).toEqual([]);
  expect(errors).toEqual([]);
  // The tab shows the brand icon (served inline, so it can never 404).
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml,/);
});

// The landing page's chain before its first card: the page carries the registry, the catalog's
// manifest and the list's first answers, and hints the remote's files and the hero's picture,
// so nothing waits for one request to finish before the next can start.
test('a page load of /eventos asks for no manifest or list data; each file once; the hero picture hinted', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));

  await page.goto('/eventos');
  const hero = page.getByRole('region', { name: 'Eventos destacados' }).getByRole('img').first();
  await expect(hero).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  // Idle prefetching of the next page waits a few seconds after load: not in this window.
  const early = [...asked];

  expect(early.filter((p) => p.startsWith('/api/v1/eventos/get_all') || p.startsWith('/api/v1/categorias/get_all'))).toEqual([]);
  expect(early.filter((p) => p.endsWith('/mf-manifest.json') || p === '/remotes/remotes.json' || p === '/config.json')).toEqual([]);
  expect(early.filter((p) => /^\/remotes\/(seating|checkout)\//.test(p))).toEqual([]);
  const files = early.filter((p) => /\.(?:js|css)$/.test(p));
  expect(files.length).toBeGreaterThan(0);
  expect(
    files.filter((p, i) => files.indexOf(p) !== i),
    'a hinted file downloaded twice',
  ).toEqual([]);
  const heroSrc = new URL((await hero.getAttribute('src'))!, page.url()).pathname;
  await expect(page.locator(`link[rel="preload"][as="image"][href="${heroSrc}"]`)).toHaveCount(1);
  // The shell's script is deferred, which alone would fetch it at low priority.
  await expect(page.locator('script[src^="/main."]')).toHaveAttribute('fetchpriority', 'high');
  expect(early.filter((p) => p === heroSrc)).toHaveLength(1);

  // Later reads of the same data go to the network (a refresh never gets the page's old copy).
  await page.goto('/legales/aviso_de_privacidad');
  const refreshed = page.waitForRequest((request) => request.url().includes('/api/v1/eventos/get_all'));
  await page.getByRole('link', { name: 'Taquilla, ir a eventos' }).click();
  await refreshed;
  await expect(page.getByRole('article').first()).toBeVisible();
});

// On a phone the information page's venue map sits below the first screen: its code (seating)
// and the general-admission modal's (checkout) are not fetched for the first screen. The map
// comes when it scrolls into view; the modal on the first general click, which it then answers.
// (Idle mounting, the third way in, is switched off here so only the buyer's actions count.)
test('on a phone, the information page loads the map when it comes into view and the modal on a general click', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));

  await page.goto('/eventos/informacion/1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('load');
  const holder = page.locator('.later-slot');
  await expect(holder).toBeAttached();
  // The map's room is held below the first screen while it waits.
  const box = (await holder.boundingBox())!;
  expect(box.y).toBeGreaterThan(844);
  expect(box.height).toBeGreaterThan(300);
  expect(asked.filter((p) => /^\/remotes\/(seating|checkout)\//.test(p))).toEqual([]);

  await holder.scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { level: 2, name: 'Mapa del recinto' })).toBeVisible();
  expect(asked.filter((p) => p.startsWith('/remotes/seating/')).length).toBeGreaterThan(0);
  expect(asked.filter((p) => p.startsWith('/remotes/checkout/'))).toEqual([]);
  // The room held for it means the map arriving in view moves nothing much (issue 14: CLS ≤ 0.05).
  await expect(page.getByRole('button', { name: /Experiencia Fan Zone/ })).toBeVisible();
  const cls = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0));
  expect(cls).toBeLessThan(0.05);

  await page.getByRole('button', { name: /Experiencia Fan Zone/ }).click();
  await expect(page.getByRole('dialog', { name: /Boletos: / })).toBeVisible();
  await expect(page.getByLabel('Cantidad de boletos')).toBeVisible();
});

// What the first screen does not draw — telemetry's beacons, the registry follower, Web Vitals,
// the unheard-event report (the shell's after-load chunk) — is fetched once the page has loaded,
// and its code is in no file fetched before that.
test('the shell fetches telemetry, Web Vitals and the registry follower only after the load event', async ({ page }) => {
  const bodies = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith('.js') && response.status() === 200) bodies.set(path, response.text());
  });
  await page.goto('/eventos');
  await expect(page.getByRole('heading', { name: 'Próximos eventos' })).toBeVisible();
  const AFTER_LOAD = /^\/after-load\.[^/]*\.js$/;
  const resources = () =>
    page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({ path: new URL(e.name).pathname, start: e.startTime })),
    );
  await expect.poll(async () => (await resources()).filter((r) => AFTER_LOAD.test(r.path)).length, { timeout: 15_000 }).toBe(1);

  const loadStart = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart);
  expect(loadStart).toBeGreaterThan(0);
  const all = await resources();
  for (const chunk of all.filter((r) => AFTER_LOAD.test(r.path))) expect(chunk.start, chunk.path).toBeGreaterThanOrEqual(loadStart);
  const early = all.filter((r) => r.path.endsWith('.js') && r.start < loadStart).map((r) => r.path);
  expect(early.some((p) => p.startsWith('/main.'))).toBe(true);
  for (const path of early) {
    const body = (await bodies.get(path)) ?? '';
    // telemetry.ts (its sessionStorage key and an event kind), web-vitals (the CLS entry type).
    for (const marker of ['taquilla:telemetria:vistos', 'evento-sin-oyente', 'layout-shift']) expect(body.includes(marker), `${marker} in ${path}`).toBe(false);
  }
});

// A seat page opened directly (a link shared before an on-sale): the page carries both remotes'
// manifests and its first answers (the event, the section's seats), and the shell's waiting-room
// question and the remotes' code travel side by side (decision 0048): here the question is held
// unanswered until the seat map's code has been asked for, which never happens if the code
// waited for the answer.
test('a page load of a seat page: no manifest, event or seats asked for; the code comes while the waiting room is asked', async ({ page, api }) => {
  const id = await eventoId(api, 'Luna Roja — Gira Eclipse');
  const s = await seccion(api, id, 'Sección 101');
  const asked: string[] = [];
  let codeAsked: () => void = () => undefined;
  const code = new Promise<void>((resolve) => (codeAsked = resolve));
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    asked.push(path);
    if (/^\/remotes\/seating\/.+\.js$/.test(path)) codeAsked();
  });
  await page.route(`**/api/v1/eventos/${id}/sala_espera`, async (route) => {
    await code;
    await route.continue();
  });
  await openSeatPage(page, id, s);
  const early = [...asked];
  expect(early.filter((p) => p.endsWith('/mf-manifest.json') || p === '/remotes/remotes.json' || p === '/config.json')).toEqual([]);
  expect(early.filter((p) => p === `/api/v1/eventos/${id}/detalle` || p === `/api/v1/eventos/${id}/${s.id}/filas_por_seccion`)).toEqual([]);
  // The waiting-room question is asked once, from the shell's own code (no chunk of its own first).
  expect(early.filter((p) => p === `/api/v1/eventos/${id}/sala_espera`)).toHaveLength(1);
  const files = early.filter((p) => /\.(?:js|css)$/.test(p));
  expect(files.some((p) => p.startsWith('/remotes/checkout/'))).toBe(true);
  expect(
    files.filter((p, i) => files.indexOf(p) !== i),
    'a file downloaded twice',
  ).toEqual([]);
});
