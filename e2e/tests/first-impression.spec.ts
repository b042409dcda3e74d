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

async function expectOneRowHeader(page: Page, labels: string[], width = PHONE.width) {
  const header = page.getByRole('banner');
  for (const name of labels) {
    const link = header.getByRole('link', { name, exact: true });
    await expect(link).toBeVisible();
    expect(await lineCount(link), `"${name}" wraps`).toBe(1);
  }
  const box = await header.boundingBox();
  expect(box!.height).toBeLessThanOrEqual(72);
  // Nothing sticks out sideways either.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('at 390 px (and 360 px) the header keeps one row, signed out and signed in', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/eventos');
  await expectOneRowHeader(page, ['Iniciar sesión', 'Registrarse'], 360);

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

  const { eventosFiltrados } = (await (await api.get('/api/v1/eventos/get_all?tipoDispositivo=web')).json()) as {
    eventosFiltrados: { id: number; nombre: string }[];
  };
  const evento = eventosFiltrados[0]!;
  await page.goto(`/eventos/informacion/${evento.id}`);
  await expect(page).toHaveTitle(`${evento.nombre} · Taquilla`);
});

test('on a 390 px phone the first event card shows without scrolling, with its price', async ({ page, api }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/eventos');
  const grid = page.getByRole('region', { name: 'Próximos eventos' });
  const first = grid.getByRole('article').first();
  await expect(first).toBeVisible();
  const box = await first.boundingBox();
  expect(box!.y).toBeLessThan(PHONE.height);

  const { eventosFiltrados } = (await (await api.get('/api/v1/eventos/get_all?tipoDispositivo=web')).json()) as {
    eventosFiltrados: { nombre: string; precioDesde: number | null }[];
  };
  const priced = eventosFiltrados.find((e) => (e.precioDesde ?? 0) > 0)!;
  const pesos = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(priced.precioDesde! / 100);
  await expect(page.getByRole('article', { name: priced.nombre, exact: true }).getByText(`Desde ${pesos}`)).toBeVisible();
});

test('the hero names the event, its date and its lowest price; the countdown says what launches', async ({ page }) => {
  await page.goto('/eventos');
  const slide = page.getByRole('region', { name: 'Eventos destacados' }).getByRole('group').first();
  await expect(slide.getByText(/^Desde \$/)).toBeVisible();
  await expect(slide.locator('time')).toHaveText(/\d{2} \w+ \d{4}, \d{2}:\d{2}(AM|PM)/);
  await expect(page.getByRole('complementary', { name: /lanzamiento de Taquilla/ })).toContainText('Lanzamiento de Taquilla');
});
