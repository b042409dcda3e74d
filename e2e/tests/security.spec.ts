import type { Page } from '@playwright/test';
import { uniqueEmail } from '../support/accounts';
import { API_KEY, expect, test } from '../support/fixtures';
import { expectRemoteRendered, slot } from '../support/platform';
import { asientos, countdown, estadoDe, eventoId, openSeatPage, panel, pickSeats, seccion } from '../support/purchase';

// What only a browser shows: a link cannot load foreign script into the shop (finding 1),
// and the storefront's CSP is strict yet every page loads without a violation (finding 2).

const ATTACKER = 'http://attacker.test:9/mf-manifest.json';
const link = `/eventos?remote:catalog=${encodeURIComponent(ATTACKER)}`;

/** Requests the page makes to the attacker's host. */
function watchAttacker(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).hostname === 'attacker.test') seen.push(request.url());
  });
  return seen;
}

const overrideKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('taquilla:override:')));

test.describe('remote overrides by link', () => {
  test('a default deployment refuses them: nothing foreign loads, nothing is kept, a poisoned entry is wiped', async ({ page }) => {
    // This e2e server allows overrides for the dev specs; serve its /config.json as a default
    // deployment (no ALLOW_REMOTE_OVERRIDES) sends it.
    await page.route('**/config.json', async (route) => {
      const response = await route.fetch();
      const config = await response.json();
      expect(config.allowRemoteOverrides).toBe(true);
      await route.fulfill({ response, json: { ...config, allowRemoteOverrides: false } });
    });
    // The page carries the same config inline (api/src/plugins/storefront-html.ts): said the same way.
    await page.route('**/*', async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = await response.text();
      expect(html).toContain('"allowRemoteOverrides":true');
      await route.fulfill({ response, body: html.replace('"allowRemoteOverrides":true', '"allowRemoteOverrides":false') });
    });
    // An override an earlier (unprotected) visit may have stored.
    await page.addInitScript((url) => {
      if (!sessionStorage.getItem('sembrado')) {
        localStorage.setItem('taquilla:override:seating', url);
        sessionStorage.setItem('sembrado', '1');
      }
    }, ATTACKER);
    const attacker = watchAttacker(page);
    await page.goto(link);
    await expect(slot(page, 'catalog').getByRole('heading', { level: 2, name: 'Próximos eventos' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'Overrides de desarrollo activos' })).toHaveCount(0);
    expect(page.url()).not.toContain('remote:');
    expect(await overrideKeys(page)).toEqual([]);
    await page.reload();
    await expectRemoteRendered(page, 'catalog');
    expect(attacker).toEqual([]);
  });

  test('where a deployment allows them, a link asks first; Cancelar loads and keeps nothing', async ({ page }) => {
    const attacker = watchAttacker(page);
    await page.goto(link);
    const dialog = page.getByRole('dialog', { name: '¿Cargar código de otro origen?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('catalog');
    await expect(dialog).toContainText(ATTACKER);
    // Nothing foreign is fetched while the question is open.
    expect(attacker).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(slot(page, 'catalog').getByRole('heading', { level: 2, name: 'Próximos eventos' })).toBeVisible();
    expect(await overrideKeys(page)).toEqual([]);
    expect(attacker).toEqual([]);
  });
});

test.describe('Content-Security-Policy', () => {
  test('strict on every page, and no page of the shop violates it', async ({ page, api }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) consoleErrors.push(message.text());
    });
    const { eventosFiltrados } = await (await api.get('/api/v1/eventos/get_all?tipoDispositivo=web')).json();
    const id = eventosFiltrados[0].id;
    const violations = () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

    const first = await page.goto('/eventos');
    const csp = first!.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    await expectRemoteRendered(page, 'catalog');
    expect(await violations()).toEqual([]);

    for (const url of [`/eventos/${id}`, '/eventos/1/2/A', '/auth/login', '/auth/register', '/perfil', '/legales/terminos_y_condiciones', '/no-existe']) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      expect(await violations(), url).toEqual([]);
    }
    expect(consoleErrors).toEqual([]);

    // The listener works: an inline script is what the policy refuses.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inline = 1';
      document.body.append(script);
    });
    await expect.poll(async () => (await violations()).length).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __inline?: number }).__inline)).toBeUndefined();
  });
});

test.describe('discount codes by their number', () => {
  // Issue 27 finding 1: a guest who tries promotion ids on their own hold from the browser gets
  // no code's discount and sees no code; typing the code in checkout still applies it and pays.
  test("a guest's bare promotion ids are refused, the typed code applies and pays", async ({ page, api }) => {
    const id = await eventoId(api, 'Luna Roja — Gira Eclipse');
    const s = await seccion(api, id, 'Sección 110');
    await openSeatPage(page, id, s);
    await pickSeats(page, api, id, s, 2);
    await panel(page).getByLabel('Nombre', { exact: true }).fill('Invitada Curiosa');
    await panel(page).getByLabel('Correo electrónico').fill(uniqueEmail('curiosa'));
    const held = page.waitForResponse((r) => r.url().endsWith('/reservarInvitado') && r.status() === 201);
    await panel(page).getByRole('button', { name: 'Continuar' }).click();
    const { reservaId } = (await (await held).json()) as { reservaId: string };
    const p = panel(page);
    await expect(p.getByRole('button', { name: 'Pagar', exact: true })).toBeVisible();

    // Promotions 1…15 by id alone, from the page itself as an attacker's script would.
    const answers = await page.evaluate(
      async ({ eventoId, reservaId, apiKey }) => {
        const out: { promocionId: number; status: number; body: string }[] = [];
        for (let promocionId = 1; promocionId <= 15; promocionId++) {
          const res = await fetch('/api/v1/pagos/aplicar-promo', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
            body: JSON.stringify({ promocionId, eventoId, reservaId }),
          });
          out.push({ promocionId, status: res.status, body: await res.text() });
        }
        return out;
      },
      { eventoId: id, reservaId, apiKey: API_KEY },
    );
    for (const a of answers) {
      for (const code of ['LUNA20', '3X2LUNA', 'VIPLUNA']) expect(a.body, `promoción ${a.promocionId}`).not.toContain(code);
      const body = JSON.parse(a.body) as { message?: unknown; promocion?: { automatica: boolean; clave: string | null } };
      if (a.status === 200) expect(body.promocion, `promoción ${a.promocionId}`).toMatchObject({ automatica: true, clave: null });
      else expect(a, `promoción ${a.promocionId}`).toMatchObject({ status: 404, body: expect.stringContaining('Código de descuento inválido.') });
    }
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);

    // The code typed in checkout applies, and 'Pagar' charges the discounted total with it.
    const sent: string[] = [];
    page.on('request', (r) => {
      if (/\/pagos\/(aplicar-promo|make\/cargo_invitado)$/.test(r.url())) sent.push(r.postData() ?? '');
    });
    await p.getByLabel('Código de descuento').fill('luna20');
    await p.getByRole('button', { name: 'Aplicar' }).click();
    await expect(p.getByText('Descuento aplicado correctamente!')).toBeVisible();
    const descuento = p.getByRole('region', { name: 'Totales de la compra' }).locator('dt', { hasText: 'Descuento 20 % (20 % de descuento fans)' });
    await expect(descuento).toBeVisible();
    await p.getByLabel('Nombre del titular').fill('Invitada Curiosa');
    await p.getByLabel('Número de tarjeta').fill('4111111111111111');
    await p.getByLabel('Vencimiento (MM/AA)').fill('1230');
    await p.getByLabel('CVV', { exact: true }).fill('123');
    await p.getByRole('button', { name: 'Pagar', exact: true }).click();
    await page.getByRole('dialog', { name: 'Confirmar compra' }).getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByRole('dialog', { name: '¡Compra exitosa!' })).toBeVisible({ timeout: 20_000 });
    expect(sent.map((b) => JSON.parse(b) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ clave: 'LUNA20', reservaId }),
      expect.objectContaining({ promocion_clave: 'LUNA20', reservaId }),
    ]);
  });
});

test.describe('a guest hold belongs to the browser that made it', () => {
  // Issue 27, finding 4: a hold with the same e-mail from another browser used to replace the
  // first one and free its seats. Sección 110 of 'Noche de Lucha Libre Estelar', used only here.
  test('a second browser with the same e-mail (any letter case) gets a hold of its own and leaves the first one’s seats held', async ({
    browser,
    page,
    api,
  }) => {
    const id = await eventoId(api, 'Noche de Lucha Libre Estelar');
    const s = await seccion(api, id, 'Sección 110');
    const correo = uniqueEmail('victima');
    const holdAsGuest = async (p: Page, email: string, n: number) => {
      await openSeatPage(p, id, s);
      const seats = await pickSeats(p, api, id, s, n);
      await panel(p).getByLabel('Nombre').fill('Compradora Invitada');
      await panel(p).getByLabel('Correo electrónico').fill(email);
      await panel(p).getByRole('button', { name: 'Continuar' }).click();
      await expect(countdown(p)).toBeVisible();
      return seats;
    };

    const mine = await holdAsGuest(page, correo, 2);
    await expect.poll(() => estadoDe(api, id, s.id, mine)).toEqual(['reservado', 'reservado']);

    const other = await browser.newContext();
    try {
      const second = await other.newPage();
      const theirs = await holdAsGuest(second, correo.toUpperCase(), 1);
      expect(mine).not.toContain(theirs[0]);
      await expect.poll(() => estadoDe(api, id, s.id, [...mine, ...theirs])).toEqual(['reservado', 'reservado', 'reservado']);
      await second.getByRole('button', { name: 'Cancelar la compra' }).first().click();
      await expect.poll(() => estadoDe(api, id, s.id, theirs)).toEqual(['disponible']);
    } finally {
      await other.close();
    }

    // The first browser still has its hold after a reload, and can cancel it.
    await page.reload();
    await expect(countdown(page)).toBeVisible();
    await expect(panel(page).getByRole('list', { name: 'Asientos reservados' }).getByRole('listitem')).toHaveCount(2);
    await expect.poll(() => estadoDe(api, id, s.id, mine)).toEqual(['reservado', 'reservado']);
    await panel(page).getByRole('button', { name: 'Cancelar la compra' }).click();
    await expect.poll(() => estadoDe(api, id, s.id, mine)).toEqual(['disponible', 'disponible']);
  });
});

test.describe('availability streams refused', () => {
  // Issue 27 finding 3: a server at its stream cap refuses the map's live stream (503 for a full
  // process, 429 for an address with too many). The map polls its section instead, so the buyer
  // still sees another buyer's hold within seconds, without reloading.
  const CELL = 24;
  const seat = (col: number, row: number) => ({ x: col * CELL + CELL / 2, y: row * CELL + CELL / 2 });

  test("with the stream refused, another buyer's hold shows on the seat map within seconds", async ({ page, api }) => {
    let refused = 0;
    await page.route(/\/api\/v1\/eventos\/\d+\/disponibilidad\?/, (route) => {
      refused++;
      return route.fulfill({
        status: 503,
        headers: { 'retry-after': '10' },
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 503,
          error: 'Service Unavailable',
          code: 'EN_VIVO_SATURADO',
          message: 'La disponibilidad en vivo está saturada en este momento.',
        }),
      });
    });
    const id = await eventoId(api, 'Luna Roja — Gira Eclipse');
    const s = await seccion(api, id, 'Sección 103');
    await page.goto(`/eventos/${id}/${s.id}/${encodeURIComponent(s.nombre)}`);
    const canvas = page.getByRole('application', { name: /^Asientos de Sección 103/ });
    await expect(canvas).toBeVisible();
    await expect.poll(() => refused).toBeGreaterThan(0);
    await canvas.hover({ position: seat(0, 7) });
    await expect(page.getByRole('tooltip')).toContainText('Disponible');

    // Sección 103 has 8 rows of 16 seats: the bottom-left cell is H1.
    const h1 = (await asientos(api, id, s.id)).find((a) => a.fila === 'H' && a.numero === 1)!;
    const hold = await api.post(`/api/v1/eventos/${id}/reservarInvitado`, {
      data: { nombre: 'Otra Persona', correo: uniqueEmail('sondeo'), asientosReserva: [{ id: h1.id }] },
    });
    expect(hold.status(), await hold.text()).toBe(201);
    const { reservaId } = (await hold.json()) as { reservaId: string };
    try {
      // The map re-reads its section every 4–6 s while it has no stream.
      await expect(async () => {
        await page.mouse.move(2, 2);
        await canvas.hover({ position: seat(0, 7) });
        await expect(page.getByRole('tooltip')).toContainText('Reservado', { timeout: 500 });
      }).toPass({ timeout: 8_000 });
      // …and keeps asking for the stream again.
      expect(refused).toBeGreaterThan(1);
    } finally {
      await api.post(`/api/v1/eventos/${id}/cancelar`, { data: { reservaId, esGeneral: false } });
    }
  });
});
