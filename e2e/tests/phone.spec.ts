import type { Locator, Page } from '@playwright/test';
import { createVerifiedBuyer, signInAs } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { DESKTOP, expectInsideScreen, expectNotWider, expectPadded, PHONE, SETTLE_MS } from '../support/layout';
import { holdOneSeat, LUNA } from '../support/phone';
import { countdown, eventoId, fillCard, openGeneralModal, openSeatPage, panel, seccion, totals } from '../support/purchase';

// Issue 33, the layout of a purchase on a phone (390 × 844, touch) and at 1280 px: one test
// per numbered item at both sizes, then the seat map by touch and at 1280 px. Purchases take the
// first free seat of their section. Every route at every width: layout-widths.spec.ts.

const CLASICO = 'Clásico del Sureste: Venados vs. Leones';

const header = (page: Page) => page.locator('header.site-header');

/** A section's seat page; returns its map (one canvas, 8 rows × 16 seats in Luna's numbered sections). */
async function openSeatMap(page: Page, api: Parameters<typeof eventoId>[0], evento: string, nombre: string): Promise<Locator> {
  const id = await eventoId(api, evento);
  await openSeatPage(page, id, await seccion(api, id, nombre));
  return page.getByRole('application', { name: new RegExp(`^Asientos de ${nombre}`) });
}

/** The seat canvas's size per seat, its box and the scroller's visible box. */
async function seatMapGeometry(canvas: Locator, cols: number) {
  return canvas.evaluate((el, n) => {
    const c = el.getBoundingClientRect();
    const s = el.closest('.seat-map__scroller')!.getBoundingClientRect();
    return {
      cell: c.width / n,
      canvas: { x: c.x, y: c.y, width: c.width, height: c.height },
      visible: { x: Math.max(c.x, s.x), y: Math.max(c.y, s.y), right: Math.min(c.right, s.right), bottom: Math.min(c.bottom, s.bottom) },
    };
  }, cols);
}

for (const [size, device] of [
  ['390 px touch', PHONE],
  ['1280 px', DESKTOP],
] as const) {
  test.describe(size, () => {
    test.use(device);

    test('1 · the event page never grows wider than the screen, and the general-admission modal opens whole', async ({ page, api }) => {
      const id = await eventoId(api, LUNA);
      const dialog = await openGeneralModal(page, `/eventos/${id}`, 'Pista General');
      // The final prices (the chips' late data) are in, and the page has settled.
      await expect(page.getByRole('region', { name: 'Precios por categoría' })).toContainText('Precio final');
      await page.waitForTimeout(SETTLE_MS);
      await expectNotWider(page, '/eventos/:id con el modal general');
      await expectInsideScreen(page, dialog, 'modal de boletos generales', true);
      await expectInsideScreen(page, dialog.getByLabel('Nombre', { exact: true }), 'campo Nombre');
      await expectInsideScreen(page, dialog.getByLabel('Correo electrónico'), 'campo Correo electrónico');

      // A sideways swipe pans into nothing: the page cannot scroll sideways.
      await page.goto(`/eventos/informacion/${id}`);
      await expect(page.getByRole('heading', { level: 2, name: 'Mapa del recinto' })).toBeVisible();
      await page.waitForTimeout(SETTLE_MS);
      await expectNotWider(page, '/eventos/informacion/:id');
      await page.evaluate(() => window.scrollTo(600, window.scrollY));
      expect(await page.evaluate(() => window.scrollX)).toBe(0);
    });

    test('5 · a new page opens at its top; back and forward return where the buyer was', async ({ page }) => {
      await page.goto('/eventos');
      const cards = page.getByRole('region', { name: 'Próximos eventos' }).getByRole('article');
      await expect(cards.nth(3)).toBeVisible();
      const more = cards.nth(3).getByRole('link', { name: /^Más información/ });
      await more.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 120));
      const listY = await page.evaluate(() => window.scrollY);
      expect(listY).toBeGreaterThan(300);
      await more.click();

      await expect(page).toHaveURL(/\/eventos\/informacion\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForTimeout(1000);
      expect(await page.evaluate(() => window.scrollY), 'la página nueva empieza arriba').toBe(0);
      await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();

      await page.evaluate(() => window.scrollTo(0, 400));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
      await page.waitForTimeout(200);

      await page.goBack();
      await expect(page).toHaveURL(/\/eventos$/);
      // Where the buyer was: the event they opened is back on screen. The offset may differ a
      // little: content above that settles later (the category chips) is kept in place by the
      // browser's scroll anchoring, which moves the offset with it.
      const near = async (y: number) => Math.abs((await page.evaluate(() => window.scrollY)) - y);
      await expect.poll(() => near(listY), { message: 'atrás: donde estaba en la lista' }).toBeLessThanOrEqual(80);
      await expect(more).toBeInViewport();

      await page.goForward();
      await expect(page).toHaveURL(/\/eventos\/informacion\/\d+$/);
      await expect.poll(() => near(400), { message: 'adelante: donde estaba en la información' }).toBeLessThanOrEqual(80);
    });

    test('7 · the payment panel: card fields side by side inside it, the countdown in view, dialogs with room', async ({ page, api }) => {
      await holdOneSeat(page, api, 'Sección 107');
      const p = panel(page);
      const cvv = p.getByLabel('CVV', { exact: true });
      // Measured once the server's totals are in (they arrive after the form and push it down),
      // the three boxes in one go, so no layout change falls between them.
      await expect(totals(p)).toBeVisible();
      await cvv.scrollIntoViewIfNeeded();
      const { panelBox, a, b } = await p.evaluate((el) => {
        const field = (text: string) => [...el.querySelectorAll('label')].find((l) => l.textContent?.trim() === text)!.control!.getBoundingClientRect();
        return {
          panelBox: el.getBoundingClientRect().toJSON() as DOMRect,
          a: field('Vencimiento (MM/AA)').toJSON() as DOMRect,
          b: field('CVV').toJSON() as DOMRect,
        };
      });
      expect(a.x + a.width, "'Vencimiento (MM/AA)' y 'CVV' no se enciman").toBeLessThanOrEqual(b.x);
      expect(b.x + b.width, 'el CVV queda dentro del panel').toBeLessThanOrEqual(panelBox.x + panelBox.width);
      expect(Math.abs(a.y - b.y), 'los dos campos a la misma altura').toBeLessThanOrEqual(1);

      // Typing the card: the page does not move sideways and the countdown stays on screen.
      await fillCard(p);
      await cvv.focus();
      expect(await page.evaluate(() => window.scrollX)).toBe(0);
      await expectNotWider(page, 'panel de pago con el CVV enfocado');
      await expectInsideScreen(page, cvv, 'CVV', true);
      await expect(countdown(page)).toBeInViewport({ ratio: 1 });
      const headerBottom = (await header(page).boundingBox())!;
      expect((await countdown(page).boundingBox())!.y, 'la cuenta regresiva, debajo del encabezado').toBeGreaterThanOrEqual(
        headerBottom.y + headerBottom.height - 1,
      );

      await p.getByRole('button', { name: 'Pagar', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirmar compra' });
      await expect(confirm).toBeVisible();
      await expectPadded(confirm, 'Confirmar compra');
      await expectInsideScreen(page, confirm, 'Confirmar compra', true);
      await expectNotWider(page, 'Confirmar compra abierto');
      await confirm.getByRole('button', { name: 'Confirmar' }).click();
      const success = page.getByRole('dialog', { name: '¡Compra exitosa!' });
      await expect(success).toBeVisible({ timeout: 20_000 });
      await expectPadded(success, '¡Compra exitosa!');
      await expectInsideScreen(page, success, '¡Compra exitosa!', true);
      await expectNotWider(page, '¡Compra exitosa! abierto');
    });

    test('10 · the logo stays on one line, and every profile menu entry is in view', async ({ page, api }) => {
      const buyer = await createVerifiedBuyer(api, 'María Guadalupe Hernández');
      await signInAs(page, buyer);
      const widths = device.isMobile ? [390, 360] : [1280];
      for (const width of widths) {
        await page.setViewportSize({ width, height: device.viewport.height });
        await page.goto('/perfil/mi_perfil');
        await expect(page.getByRole('heading', { level: 1, name: /perfil/i })).toBeVisible();
        const brand = page.getByRole('link', { name: 'Taquilla, ir a eventos' });
        const lines = await brand.evaluate(
          (el) =>
            el.getBoundingClientRect().height /
            parseFloat(
              getComputedStyle(el).lineHeight === 'normal' ? String(parseFloat(getComputedStyle(el).fontSize) * 1.5) : getComputedStyle(el).lineHeight,
            ),
        );
        expect(lines, `el logo en una línea a ${width} px`).toBeLessThan(1.5);
        await expectInsideScreen(page, page.getByRole('button', { name: /^Menú de usuario/ }), `menú de usuario a ${width} px`);
        const menu = page.getByRole('navigation', { name: 'Mi cuenta' });
        for (const name of ['Mi perfil', 'Contraseña', 'Forma de pago', 'Mis compras']) {
          await expect(menu.getByRole('link', { name }), `${name} a ${width} px`).toBeInViewport({ ratio: 1 });
        }
        await expect(menu.getByRole('button', { name: 'Cerrar sesión' }), `Cerrar sesión a ${width} px`).toBeInViewport({ ratio: 1 });
        await expectNotWider(page, '/perfil/mi_perfil');
      }
    });
  });
}

test.describe('9 · seat map on a 390 px touch phone', () => {
  test.use(PHONE);

  test('9 · the section fits the screen first, a tap zooms in to 44 px seats, the map says it scrolls, a tap leaves no tooltip', async ({ page, api }) => {
    const canvas = await openSeatMap(page, api, LUNA, 'Sección 108');
    const cols = 16;
    await expect(page.getByText('Toca la sección para acercarla y elegir tus asientos.')).toBeVisible();
    // The whole row of 16 fits: nothing of the section is off screen at first.
    const fitted = await seatMapGeometry(canvas, cols);
    expect(fitted.canvas.x).toBeGreaterThanOrEqual(0);
    expect(fitted.canvas.x + fitted.canvas.width).toBeLessThanOrEqual(390);
    expect(fitted.visible.right - fitted.visible.x).toBeCloseTo(fitted.canvas.width, 0);

    // A tap on the overview zooms in around it; nothing is picked yet.
    await canvas.tap({ position: { x: fitted.canvas.width * 0.8, y: fitted.canvas.height * 0.5 } });
    await expect(page.getByText('0 asientos seleccionados')).toBeVisible();
    await expect.poll(async () => (await seatMapGeometry(canvas, cols)).cell).toBeGreaterThanOrEqual(44);
    await expect(page.getByText('Desliza el mapa para ver el resto de la sección.')).toBeVisible();

    // Now a tap picks the seat under the thumb, a 44 px target, and leaves no tooltip over the rows.
    const zoomed = await seatMapGeometry(canvas, cols);
    await page.touchscreen.tap((zoomed.visible.x + zoomed.visible.right) / 2, (zoomed.visible.y + zoomed.visible.bottom) / 2);
    await expect(page.getByText('1 asiento seleccionado')).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await expectNotWider(page, 'mapa de asientos acercado');

    // Back to the whole section.
    await page.getByRole('button', { name: 'Ver toda la sección' }).click();
    await expect.poll(async () => (await seatMapGeometry(canvas, cols)).canvas.width).toBeLessThanOrEqual(390);
  });
});

test.describe('9 · seat map at 1280 px', () => {
  test.use(DESKTOP);

  test('9 · a row is whole with 24 px seats, a click picks, the tooltip goes with the pointer; a map larger than its box says it scrolls', async ({
    page,
    api,
  }) => {
    const canvas = await openSeatMap(page, api, LUNA, 'Sección 109');
    const g = await seatMapGeometry(canvas, 16);
    expect(g.cell).toBeGreaterThanOrEqual(24);
    expect(g.visible.right - g.visible.x).toBeCloseTo(g.canvas.width, 0);
    await expect(page.getByText(/para ver el resto de la sección/)).toHaveCount(0);
    await canvas.click({ position: { x: g.cell * 7.5, y: g.cell * 5.5 } });
    await expect(page.getByText('1 asiento seleccionado')).toBeVisible();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await page.mouse.move(5, 5);
    await expect(page.getByRole('tooltip')).toHaveCount(0);

    // The stadium's 5,000-seat section is wider and taller than its box.
    await openSeatMap(page, api, CLASICO, 'Cabecera Norte');
    await expect(page.getByText('Desplaza el mapa para ver el resto de la sección.')).toBeVisible();
    await expectNotWider(page, 'sección de 5,000 asientos');
  });
});
