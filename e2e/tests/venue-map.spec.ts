import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// The seating remote's venue map over the demo seed: price chips, tooltips, keyboard, pan & zoom,
// general sections. Event 1: Arena (Luna Roja); 5: Teatro (izquierda/derecha ties); 9: hidden;
// 12: stadium. The seat page: seating.spec.ts.

const mapOf = (page: Page) => page.getByRole('group', { name: /^Mapa de/ });

async function chipTexts(page: Page) {
  return page.getByRole('region', { name: 'Precios por categoría' }).getByRole('listitem').allTextContents();
}

test.describe('venue map', () => {
  test('shows the event with its price chips, highest first and izquierda before derecha on ties', async ({ page }) => {
    await page.goto('/eventos/5');
    await expect(page.getByRole('heading', { level: 1, name: 'La Casa de Bernarda Alba' })).toBeVisible();
    await expect(mapOf(page)).toBeVisible();
    expect(await chipTexts(page)).toEqual([
      // Beside each price, the all-in price: + 10 % service and 3.5 % card fee (this event has no IVA).
      'Luneta centro$1,150.00Precio final $1,305.25 con cargos e IVA',
      'Luneta izquierda$850.00Precio final $964.75 con cargos e IVA',
      'Luneta derecha$850.00Precio final $964.75 con cargos e IVA',
      'Balcón izquierda$600.00Precio final $681.00 con cargos e IVA',
      'Balcón derecha$600.00Precio final $681.00 con cargos e IVA',
    ]);
    await expect(page.getByText(/en construcción|seating v\d/)).toHaveCount(0);
  });

  test('hovering a section shows its tooltip with type and availability per category', async ({ page }) => {
    await page.goto('/eventos/1');
    await page.getByRole('button', { name: /^Sección 104,/ }).hover();
    const tip = page.getByRole('tooltip');
    await expect(tip).toContainText('Sección 104');
    await expect(tip).toContainText('Numerada');
    await expect(tip).toContainText(/VIP: \d+ disponibles/);
    await expect(tip).toContainText(/Platea: \d+ disponibles/);
    await page.mouse.move(2, 2);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  });

  test('by keyboard: Tab reaches a section (tooltip on focus) and Enter opens its seat page', async ({ page }) => {
    await page.goto('/eventos/1');
    await expect(mapOf(page)).toBeVisible();
    const seccion101 = page.getByRole('button', { name: /^Sección 101,/ });
    for (let i = 0; i < 40 && !(await seccion101.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(seccion101).toBeFocused();
    expect(await seccion101.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
    await expect(page.getByRole('tooltip')).toContainText('Sección 101');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/eventos\/1\/\d+\/Secci%C3%B3n%20101$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sección: Sección 101' })).toBeVisible();
  });

  test('by keyboard on a zoomed map: zoom buttons, and a focused section is brought into view', async ({ page }) => {
    await page.goto('/eventos/12');
    await expect(mapOf(page)).toBeVisible();
    const zoomIn = page.getByRole('button', { name: 'Acercar el mapa' });
    await zoomIn.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('Enter');
    const viewport = (await page.getByRole('group', { name: 'Zoom del mapa' }).boundingBox())!;
    const oriente = page.getByRole('button', { name: /^Oriente,/ });
    // off to the right of the zoomed view until it gets focus
    expect((await oriente.boundingBox())!.x).toBeGreaterThan(viewport.x + viewport.width);
    await page
      .getByRole('link', { name: /Taquilla/ })
      .first()
      .focus();
    for (let i = 0; i < 40 && !(await oriente.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(oriente).toBeFocused();
    await expect
      .poll(async () => {
        const b = (await oriente.boundingBox())!;
        return b.x + b.width / 2 < viewport.x + viewport.width;
      })
      .toBe(true);
    await expect(page.getByRole('tooltip')).toContainText('Oriente');
  });

  test("a general section and an extra ticket open checkout's quantity modal, even clicked before its module is in", async ({ page }) => {
    await page.goto('/eventos/1');
    await expect(mapOf(page)).toBeVisible();
    // No wait for checkout's module: the request stays in the page's store until the modal takes it.
    await page.getByRole('button', { name: /^Pista General,/ }).click();
    await expect(page.getByRole('dialog', { name: /^Boletos: .*General/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: /Experiencia Fan Zone/ }).click();
    await expect(page).toHaveURL(/\/eventos\/1$/);
    await expect(page.getByRole('dialog', { name: /^Boletos: .*Fan Zone/ })).toBeVisible();
  });

  test('the map on the information page behaves the same', async ({ page }) => {
    await page.goto('/eventos/informacion/1');
    await expect(page.getByRole('heading', { level: 2, name: 'Mapa del recinto' })).toBeVisible();
    await page.getByRole('button', { name: /^Sección 103,/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sección: Sección 103' })).toBeVisible();
  });

  test('a hidden event says it is not available', async ({ page }) => {
    await page.goto('/eventos/9');
    await expect(page.getByRole('heading', { name: 'Este evento no se encuentra disponible' })).toBeVisible();
    await expect(mapOf(page)).toHaveCount(0);
  });

  test('the stadium map zooms with a two-finger pinch', async ({ page }) => {
    await page.goto('/eventos/12');
    const map = mapOf(page);
    await expect(map).toBeVisible();
    const start = (await map.boundingBox())!;
    // touch events → pointer events; spreading the fingers zooms in
    const cdp = await page.context().newCDPSession(page);
    const cx = start.x + start.width / 2;
    const cy = start.y + start.height / 2;
    const fingers = (d: number) => [
      { x: cx - d, y: cy, id: 1 },
      { x: cx + d, y: cy, id: 2 },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(30) });
    for (const d of [45, 60, 80, 100]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(d) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(async () => (await map.boundingBox())!.width).toBeGreaterThan(start.width * 1.5);
  });

  test('the stadium map zooms with the wheel and the buttons, and pans by dragging', async ({ page }) => {
    await page.goto('/eventos/12');
    const map = mapOf(page);
    await expect(map).toBeVisible();
    const start = (await map.boundingBox())!;
    await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await page.mouse.wheel(0, -300);
    await expect.poll(async () => (await map.boundingBox())!.width).toBeGreaterThan(start.width * 1.2);
    const zoomed = (await map.boundingBox())!;
    // drag: the map follows the pointer
    await page.mouse.move(start.x + 300, start.y + 200);
    await page.mouse.down();
    await page.mouse.move(start.x + 200, start.y + 150, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await map.boundingBox())!.x).toBeLessThan(zoomed.x - 50);
    await page.getByRole('button', { name: 'Ver el mapa completo' }).click();
    await expect.poll(async () => Math.round((await map.boundingBox())!.width)).toBe(Math.round(start.width));
    await page.getByRole('button', { name: 'Acercar el mapa' }).click();
    await expect.poll(async () => (await map.boundingBox())!.width).toBeGreaterThan(start.width * 1.4);
    await page.getByRole('button', { name: 'Alejar el mapa' }).click();
    await expect.poll(async () => Math.round((await map.boundingBox())!.width)).toBe(Math.round(start.width));
  });
});
