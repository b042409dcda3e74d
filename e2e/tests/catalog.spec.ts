import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { DATE_FILTER_BUTTONS, formatFecha, gridOrder, passes, type DatedFilter, type SeedEvento } from './catalog/expected';

/**
 * Catalog remote (issue 4) against the real API and its demo seed. Expectations come from
 * GET /eventos/get_all (+ an independent statement of the date rule), never from fixed counts.
 */

interface Categoria {
  id: number;
  nombre: string;
}

async function seed(api: import('@playwright/test').APIRequestContext) {
  const eventosRes = await api.get('/api/v1/eventos/get_all?tipoDispositivo=web');
  expect(eventosRes.ok()).toBe(true);
  const categoriasRes = await api.get('/api/v1/categorias/get_all');
  expect(categoriasRes.ok()).toBe(true);
  const eventos = ((await eventosRes.json()) as { eventosFiltrados: SeedEvento[] }).eventosFiltrados;
  const categorias = ((await categoriasRes.json()) as { categorias: Categoria[] }).categorias;
  expect(eventos.length, 'the demo seed lists events').toBeGreaterThan(1);
  return { eventos, categorias };
}

const grid = (page: Page) => page.getByRole('list', { name: 'Eventos' });
const emptyState = (page: Page) => page.getByText('No hay eventos disponibles.');

/** Names shown in the grid, in order; [] when the empty state is shown instead. */
async function shownNames(page: Page): Promise<string[]> {
  await expect(grid(page).or(emptyState(page))).toBeVisible();
  if (await emptyState(page).isVisible()) return [];
  return grid(page).getByRole('heading', { level: 3 }).allTextContents();
}

async function expectGrid(page: Page, names: string[]) {
  if (names.length === 0) {
    await expect(emptyState(page)).toBeVisible();
    await expect(grid(page)).toHaveCount(0);
  } else {
    await expect(grid(page).getByRole('heading', { level: 3 })).toHaveText(names);
  }
}

const dateGroup = (page: Page) => page.getByRole('group', { name: 'Filtrar por fecha' });
const categoryGroup = (page: Page) => page.getByRole('group', { name: 'Filtrar por categoría' });

async function openHome(page: Page, query = '') {
  await page.goto(`/eventos${query}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Próximos eventos' })).toBeVisible();
}

/**
 * The list reached from another page, inside the app: its answer then comes from the network
 * (a page load of /eventos carries it inlined), where a test can intercept it.
 */
async function openHomeFromAnotherPage(page: Page) {
  await page.goto('/legales/aviso_de_privacidad');
  await page.getByRole('link', { name: 'Taquilla, ir a eventos' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Próximos eventos' })).toBeVisible();
}

test.describe('catálogo: página de eventos', () => {
  test('lista los eventos de la web por fecha, con una sola h1 y la versión del remoto', async ({ page, api }) => {
    const { eventos } = await seed(api);
    await openHome(page);
    await expectGrid(page, gridOrder(eventos));
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.locator('[data-remote-name="catalog"][data-remote-version]').first()).toBeAttached();

    const first = eventos.find((e) => e.nombre === gridOrder(eventos)[0])!;
    const card = page.getByRole('article', { name: first.nombre, exact: true });
    await expect(card.getByText(first.ciudad.nombre, { exact: true })).toBeVisible();
    await expect(card.getByText(first.recinto.direccion, { exact: false })).toBeVisible();
    await expect(card.getByRole('link', { name: /^Más información/ })).toHaveAttribute('href', `/eventos/informacion/${first.id}`);
    await expect(card.getByRole('link', { name: /^Comprar boletos/ })).toHaveAttribute('href', `/eventos/${first.id}`);
  });

  test('cada filtro de fecha deja exactamente los eventos esperados y sobrevive a recargar', async ({ page, api }) => {
    const { eventos } = await seed(api);
    await openHome(page);
    const now = new Date();
    let nonEmpty = 0;
    for (const [filter, label] of Object.entries(DATE_FILTER_BUTTONS) as [DatedFilter, string][]) {
      const expected = gridOrder(eventos.filter((e) => passes(filter, e, now)));
      if (expected.length > 0) nonEmpty++;
      await dateGroup(page).getByRole('button', { name: label }).click();
      await expect(dateGroup(page).getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
      await expect(page).toHaveURL(new RegExp(`[?&]fecha=${filter}(&|$)`));
      await expectGrid(page, expected);
      expect(await shownNames(page)).toEqual(expected);
    }
    // The seed is built around "now" so the filters have something to narrow.
    expect(nonEmpty, 'seed events fall into several date filters').toBeGreaterThanOrEqual(2);

    // The URL carries the filter: reload keeps it.
    await page.reload();
    await expect(dateGroup(page).getByRole('button', { name: 'Próximamente' })).toHaveAttribute('aria-pressed', 'true');
    await expectGrid(page, gridOrder(eventos.filter((e) => passes('proximamente', e, now))));

    await dateGroup(page).getByRole('button', { name: 'Todas las fechas' }).click();
    await expect(page).not.toHaveURL(/fecha=/);
    await expectGrid(page, gridOrder(eventos));
  });

  test('un chip de categoría filtra, se apaga de nuevo, y Todos lo limpia', async ({ page, api }) => {
    const { eventos, categorias } = await seed(api);
    // A category that narrows the list: has events, but not all of them.
    const categoria = categorias.find((c) => {
      const n = eventos.filter((e) => e.categoria.id === c.id).length;
      return n > 0 && n < eventos.length;
    });
    expect(categoria, 'the seed has events in more than one category').toBeTruthy();
    const expected = gridOrder(eventos.filter((e) => e.categoria.id === categoria!.id));

    await openHome(page);
    const chip = categoryGroup(page).getByRole('button', { name: categoria!.nombre, exact: true });
    const todos = categoryGroup(page).getByRole('button', { name: 'Todos' });
    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await expect(todos).toHaveAttribute('aria-pressed', 'false');
    await expectGrid(page, expected);
    await expect(page).toHaveURL(new RegExp(`categorias=${categoria!.id}(&|$)`));

    // Shared link: a fresh page on the same URL shows the same list.
    const shared = await page.context().newPage();
    await shared.goto(page.url());
    await expectGrid(shared, expected);
    await shared.close();

    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'false');
    await expectGrid(page, gridOrder(eventos));

    await chip.click();
    await todos.click();
    await expect(todos).toHaveAttribute('aria-pressed', 'true');
    await expectGrid(page, gridOrder(eventos));
  });

  test('muestra el estado vacío cuando un filtro no deja eventos', async ({ page, api }) => {
    const { eventos, categorias } = await seed(api);
    const now = new Date();
    // Prefer a real date × category combination with no events, clicked through the UI.
    let combo: { filter: DatedFilter; categoria: Categoria } | undefined;
    for (const filter of Object.keys(DATE_FILTER_BUTTONS) as DatedFilter[]) {
      const categoria = categorias.find(
        (c) => eventos.some((e) => e.categoria.id === c.id) && !eventos.some((e) => e.categoria.id === c.id && passes(filter, e, now)),
      );
      if (categoria) {
        combo = { filter, categoria };
        break;
      }
    }
    await openHome(page);
    if (combo) {
      await categoryGroup(page).getByRole('button', { name: combo.categoria.nombre, exact: true }).click();
      await expect(grid(page)).toBeVisible();
      await dateGroup(page).getByRole('button', { name: DATE_FILTER_BUTTONS[combo.filter] }).click();
    } else {
      // Every combination has events: a category id no event carries, through a shared URL.
      await openHome(page, '?categorias=2147483647');
    }
    await expect(emptyState(page)).toBeVisible();
    await expect(grid(page)).toHaveCount(0);
  });

  test('un banner roto muestra la imagen por defecto', async ({ page }) => {
    // Give the first event an image that 404s, whatever the seed's own images are.
    let broken = '';
    await page.route('**/api/v1/eventos/get_all**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { eventosFiltrados: SeedEvento[] };
      const target = body.eventosFiltrados[0]!;
      broken = target.nombre;
      target.imagenPromocion = '/imagenes-de-prueba/no-existe.jpg';
      target.imagenBanner = '/imagenes-de-prueba/no-existe.jpg';
      await route.fulfill({ response, json: body });
    });
    let requested = false;
    await page.route('**/imagenes-de-prueba/**', (route) => {
      requested = true;
      return route.fulfill({ status: 404, body: 'not found' });
    });
    await openHomeFromAnotherPage(page);
    await expect(grid(page)).toBeVisible();
    expect(broken, 'the list answer went through the interceptor').not.toBe('');
    const image = page.getByRole('article', { name: broken, exact: true }).getByRole('img', { name: `Cartel de ${broken}`, exact: true });
    await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml/);
    await expect(image).toHaveAttribute('data-default-image', 'true');
    expect(requested, 'the broken URL was really tried first').toBe(true);
    // The decoded default image has a size (it is an image, not a broken icon).
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });
});

test.describe('catálogo: banner principal', () => {
  const hero = (page: Page) => page.getByRole('region', { name: 'Eventos destacados' });
  const slide = (page: Page): Locator => hero(page).getByRole('group', { name: / de \d+:/ });

  test('rota solo, responde al teclado y su enlace abre el evento', async ({ page, api }) => {
    const { eventos } = await seed(api);
    await page.mouse.move(0, 0);
    await openHome(page);
    await expect(slide(page)).toHaveCount(1);
    const first = await slide(page).getAttribute('aria-label');
    expect(first).toMatch(/^1 de [23]:/);

    // Autoplay every 5 s.
    await expect(slide(page)).not.toHaveAttribute('aria-label', first!, { timeout: 8000 });
    const second = (await slide(page).getAttribute('aria-label'))!;
    expect(second).toMatch(/^2 de/);

    // Keyboard: focus the next button and press Enter.
    await hero(page).getByRole('button', { name: 'Evento siguiente' }).focus();
    await page.keyboard.press('Enter');
    await expect(slide(page)).toHaveAttribute('aria-label', /^3 de 3:|^1 de 2:/);

    const link = slide(page).getByRole('link', { name: 'Ver entradas' });
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/eventos\/\d+$/);
    const id = Number(href.split('/').pop());
    const evento = eventos.find((e) => e.id === id)!;
    expect(evento, 'the hero links a listed event').toBeTruthy();
    await expect(slide(page).getByText(evento.nombre, { exact: true })).toBeVisible();
    await expect(slide(page).getByText(evento.artista.nombre, { exact: true })).toBeVisible();
    await expect(slide(page).getByText(evento.recinto.nombre, { exact: true })).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/eventos/${id}$`));
  });

  test('funciona a 360 px sin desbordar', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openHome(page);
    await expect(slide(page).getByRole('link', { name: 'Ver entradas' })).toBeVisible();
    await expect(hero(page).getByRole('button', { name: 'Evento siguiente' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('catálogo: información del evento', () => {
  test('muestra artista, ciudad, recinto, fecha, descripción, ubicación y el botón de compra', async ({ page, api }) => {
    const { eventos } = await seed(api);
    const evento = eventos[0]!;
    await page.goto(`/eventos/informacion/${evento.id}`);
    await expect(page.getByRole('heading', { level: 1, name: evento.nombre })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const banner = page.locator('header.info-banner');
    await expect(banner.getByText(evento.artista.nombre, { exact: true })).toBeVisible();
    await expect(banner.getByText(evento.ciudad.nombre, { exact: true })).toBeVisible();
    await expect(banner.getByText(evento.recinto.nombre, { exact: true })).toBeVisible();
    await expect(banner.getByText(formatFecha(evento.fecha, evento.zonaHoraria))).toBeVisible();
    const descripcion = page.getByRole('region', { name: 'Descripción' });
    await expect(descripcion).toContainText(evento.descripcion.split('\n')[0]!.trim());
    await expect(page.getByRole('region', { name: 'Ubicación' })).toContainText(evento.recinto.direccion);
    await page.getByRole('link', { name: 'Comprar boletos' }).click();
    await expect(page).toHaveURL(new RegExp(`/eventos/${evento.id}$`));
  });

  test('pinta la descripción como texto, nunca como HTML', async ({ page, api }) => {
    const { eventos } = await seed(api);
    const evento = eventos[0]!;
    const descripcion = '<img src=x onerror="window.__xss=1"><b>negritas</b>';
    await page.route(`**/api/v1/eventos/${evento.id}/detalle`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as SeedEvento;
      await route.fulfill({ response, json: { ...body, descripcion } });
    });
    // From the list, inside the app: a page load of the information page carries the answer inlined.
    await openHome(page);
    await page.getByRole('link', { name: `Más información: ${evento.nombre}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/eventos/informacion/${evento.id}$`));
    const region = page.getByRole('region', { name: 'Descripción' });
    await expect(region).toContainText(descripcion);
    await expect(region.locator('b')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  });

  test('un evento inexistente muestra el mensaje del servidor', async ({ page }) => {
    await page.goto('/eventos/informacion/2147483647');
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('alert')).not.toHaveText('');
  });
});
