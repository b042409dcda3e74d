import type { Page } from '@playwright/test';
import { uniqueEmail } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { DESKTOP, expectNotWider, PHONE, SETTLE_MS } from '../support/layout';
import { holdOneSeat, LUNA } from '../support/phone';
import { eventoId, fillCard, holdGeneralAsGuest, openGeneralModal, panel, seccion } from '../support/purchase';

// Issue 33: no page wider than the screen, on every route at 320, 390, 768 and 1280 px, settled
// and with each dialog open. The purchase's layout item by item: phone.spec.ts.

const PHONE_WIDTHS = [320, 390];
const WIDE_WIDTHS = [768, 1280];

/** Checks the page at each width of its kind of device (a phone's 320/390, a desktop's 768/1280). */
async function expectFitsEveryWidth(page: Page, what: string) {
  const widths = page.viewportSize()!.width < 700 ? PHONE_WIDTHS : WIDE_WIDTHS;
  const height = page.viewportSize()!.height;
  for (const width of widths) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.waitForTimeout(250);
    await expectNotWider(page, what);
  }
}

/** Opens `path`, lets it settle for 5 s, checks it at each width. */
async function settledRoute(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
  await page.waitForTimeout(SETTLE_MS);
  await expectFitsEveryWidth(page, path);
}

const main = async (page: Page) => expect(page.getByRole('main').first()).toBeVisible();

for (const [size, device] of [
  ['320 and 390 px touch', PHONE],
  ['768 and 1280 px', DESKTOP],
] as const) {
  test.describe(`no page wider than the screen, ${size}`, () => {
    test.use(device);

    test('public routes, settled', async ({ page, api }) => {
      test.setTimeout(120_000);
      const id = await eventoId(api, LUNA);
      const s = await seccion(api, id, 'Sección 101');
      const routes: [string, (page: Page) => Promise<void>][] = [
        ['/eventos', async (p) => expect(p.getByRole('region', { name: 'Próximos eventos' }).getByRole('article').first()).toBeVisible()],
        [`/eventos/${id}`, async (p) => expect(p.getByRole('region', { name: 'Precios por categoría' })).toBeVisible()],
        [`/eventos/informacion/${id}`, async (p) => expect(p.getByRole('heading', { level: 1, name: LUNA })).toBeVisible()],
        [`/eventos/${id}/${s.id}/${encodeURIComponent(s.nombre)}`, async (p) => expect(p.getByRole('application')).toBeVisible()],
        ['/legales/terminos_y_condiciones', main],
        ['/legales/aviso_de_privacidad', main],
        ['/legales/nuestras_politicas', main],
        ['/auth/login', main],
        ['/auth/register', main],
        ['/auth/forgot', main],
        ['/terminar_compra/999999/false/0?id=tr_no_existe', main],
        ['/terminar_compra_invitado/999999/false/999999/0?id=tr_no_existe', main],
        ['/no/existe', async (p) => expect(p.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()],
      ];
      for (const [path, ready] of routes) await settledRoute(page, path, ready);
    });

    test('the profile area signed in, with its menu and dialogs open', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto('/auth/login');
      await page.getByLabel('Correo').fill('demo@taquilla.mx');
      await page.getByLabel('Contraseña').fill('Demo1234');
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await expect(page).toHaveURL(/\/eventos$/);
      for (const path of ['/perfil/mi_perfil', '/perfil/mi_password', '/perfil/mis_formas_de_pago', '/perfil/mis_compras']) {
        await settledRoute(page, path, async (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible());
      }
      await page.getByRole('button', { name: /^Menú de usuario/ }).click();
      await expect(page.getByRole('button', { name: 'Cerrar sesión' }).first()).toBeVisible();
      await expectFitsEveryWidth(page, 'menú de usuario abierto');
      await page.keyboard.press('Escape');

      await page.getByRole('article').first().getByRole('link', { name: 'detalle de boleto(s)' }).click();
      await expect(page.locator('article.ticket').first()).toBeVisible();
      await page.waitForTimeout(SETTLE_MS);
      await expectFitsEveryWidth(page, '/perfil/mis_compras/:id');
      await page.getByRole('button', { name: 'Ver en pantalla completa' }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectFitsEveryWidth(page, 'boleto en pantalla completa');
      await page.keyboard.press('Escape');

      await page.goto('/perfil/mi_password');
      const form = page.getByRole('main');
      await form.getByLabel('Contraseña actual').fill('Demo1234');
      await form.getByLabel('Nueva contraseña', { exact: true }).fill('Otra1234');
      await form.getByLabel('Confirmar nueva contraseña').fill('Otra1234');
      await form.getByRole('button', { name: 'Actualizar contraseña' }).click();
      const dialog = page.getByRole('dialog', { name: '¿Cambiar tu contraseña?' });
      await expect(dialog).toBeVisible();
      await expectFitsEveryWidth(page, 'diálogo ¿Cambiar tu contraseña?');
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await expect(dialog).toBeHidden();
    });

    test('a purchase: the general-admission modal, the seat panel with a hold, confirm and success dialogs', async ({ page, api }) => {
      test.setTimeout(120_000);
      const id = await eventoId(api, LUNA);
      const dialog = await openGeneralModal(page, `/eventos/${id}`, 'Pista General');
      await page.waitForTimeout(SETTLE_MS);
      await expectFitsEveryWidth(page, 'modal general, paso 1');
      await holdGeneralAsGuest(dialog, uniqueEmail('ancho'));
      await expectFitsEveryWidth(page, 'modal general con la reserva');
      await dialog.getByRole('button', { name: 'Cancelar la compra' }).click();
      await expect(dialog.getByRole('timer')).toHaveCount(0);

      await holdOneSeat(page, api, 'Sección 110');
      await page.waitForTimeout(SETTLE_MS);
      await expectFitsEveryWidth(page, 'panel de pago con la reserva');
      await fillCard(panel(page));
      await panel(page).getByRole('button', { name: 'Pagar', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirmar compra' });
      await expect(confirm).toBeVisible();
      await expectFitsEveryWidth(page, 'Confirmar compra');
      await confirm.getByRole('button', { name: 'Confirmar' }).click();
      await expect(page.getByRole('dialog', { name: '¡Compra exitosa!' })).toBeVisible({ timeout: 20_000 });
      await expectFitsEveryWidth(page, '¡Compra exitosa!');
    });
  });
}
