import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { withMockedSession } from '../support/platform';

// What a new buyer notices first (issue "Storefront first impression"): a phone-sized header
// that does not wrap, a tab title per route.

const PHONE = { width: 390, height: 844 };

/** A label that wraps renders as more than one line box. */
async function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return tops.size;
  });
}

async function expectOneRowHeader(page: Page, labels: string[]) {
  const header = page.getByRole('banner');
  for (const name of labels) {
    const link = header.getByRole('link', { name, exact: true });
    await expect(link).toBeVisible();
    expect(await lineCount(link), `"${name}" wraps`).toBe(1);
  }
  const box = await header.boundingBox();
  expect(box!.height).toBeLessThanOrEqual(72);
  // Nothing sticks out sideways either.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test('at 390 px the header keeps one row, signed out and signed in', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/eventos');
  await expectOneRowHeader(page, ['Iniciar sesión', 'Registrarse']);

  await withMockedSession(page);
  await page.goto('/eventos');
  await expectOneRowHeader(page, ['Mis eventos']);
});

test('every route has its own tab title; an event page carries the event name', async ({ page, api }) => {
  const titles = new Map<string, string>();
  for (const path of ['/eventos', '/auth/login', '/auth/register', '/legales/aviso_de_privacidad', '/no/existe']) {
    await page.goto(path);
    await expect(page).toHaveTitle(/ · Taquilla$/);
    titles.set(path, await page.title());
  }
  expect(new Set(titles.values()).size).toBe(titles.size);
  expect(titles.get('/eventos')).toBe('Próximos eventos · Taquilla');

  const { eventosFiltrados } = (await (await api.get('/api/v1/eventos/get_all?tipoDispositivo=web')).json()) as { eventosFiltrados: { id: number; nombre: string }[] };
  const evento = eventosFiltrados[0]!;
  await page.goto(`/eventos/informacion/${evento.id}`);
  await expect(page).toHaveTitle(`${evento.nombre} · Taquilla`);
});
