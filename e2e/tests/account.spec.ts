import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { createVerifiedBuyer, PASSWORD, signInAs } from '../support/accounts';
import { watchCsp } from '../support/csp';
import { expect, test } from '../support/fixtures';
import { decodeQrOnScreen } from '../support/qr';

// The account remote over the real API and the seed's demo account (api/src/seed/demo-account.ts:
// two upcoming purchases, one of them as a guest with the account's e-mail, one past purchase,
// one saved card). Tests that change the demo account (card delete) come last in this file.

const DEMO = { email: 'demo@taquilla.mx', password: 'Demo1234' };
const LUNA = 'Luna Roja — Gira Eclipse';
const NORTE = 'Festival Norte Sonoro';
const SINFONIA = 'Sinfonía de Videojuegos';

interface Ticket {
  id: string;
  quemadoUUID: string;
}
interface Detalle {
  boletos: Ticket[];
  pasesGenerales: Ticket[];
}

async function loginToken(api: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await api.post('/api/v1/auth/login', { data: { email, password } });
  expect(res.ok(), `login ${email}`).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

async function signInDemo(page: Page, api: APIRequestContext): Promise<string> {
  const token = await loginToken(api, DEMO.email, DEMO.password);
  await signInAs(page, { fullName: 'Cuenta Demo', email: DEMO.email, password: DEMO.password, token });
  return token;
}

async function miEvento(api: APIRequestContext, token: string, id: string): Promise<Detalle> {
  const res = await api.get(`/api/v1/eventos/mis_eventos/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as Detalle;
}

const card = (page: Page, name: string) => page.getByRole('article', { name });
const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });

/** Whether the account remote has served the PDF library to this page yet. */
function watchPdfLibrary(page: Page): () => boolean {
  let loaded = false;
  page.on('response', async (response) => {
    if (!/\/remotes\/account\/.+\.js$/.test(response.url())) return;
    if ((await response.text().catch(() => '')).includes('jsPDF')) loaded = true;
  });
  return () => loaded;
}

test('the demo account: Mis compras tabs and views in the URL, a ticket whose QR decodes to its payload', async ({ page, api }) => {
  const token = await signInDemo(page, api);
  const violations = await watchCsp(page);
  const pdfLibraryLoaded = watchPdfLibrary(page);
  await page.goto('/eventos');
  await page.getByRole('banner').getByRole('link', { name: 'Mis eventos' }).click();
  await expect(page).toHaveURL(/\/perfil\/mis_compras$/);
  await expect(page.getByRole('navigation', { name: 'Mi cuenta' }).getByRole('link', { name: 'Mis compras' })).toHaveAttribute('aria-current', 'page');

  await expect(tab(page, /^Próximos Eventos \(2\)$/)).toHaveAttribute('aria-selected', 'true');
  await expect(card(page, LUNA)).toContainText(/Dentro de \d+ día\(s\)|¡Hoy es el evento!/);
  await expect(card(page, LUNA)).toContainText('2 Boletos');
  // Bought as a guest with the account's e-mail: it is in the account too.
  await expect(card(page, NORTE)).toContainText('3 Boletos');
  await expect(card(page, SINFONIA)).toHaveCount(0);

  await page.getByRole('group', { name: 'Vista' }).getByRole('button', { name: 'Cuadrícula' }).click();
  await expect(page).toHaveURL(/vista=cuadricula/);
  await tab(page, /^Eventos Pasados$/).click();
  await expect(page).toHaveURL(/tab=pasados/);
  await expect(card(page, SINFONIA)).toContainText('El evento ya pasó');
  await expect(card(page, LUNA)).toHaveCount(0);
  // The URL is the state: a reload shows the same tab and view.
  await page.reload();
  await expect(tab(page, /^Eventos Pasados$/)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Cuadrícula' })).toHaveAttribute('aria-pressed', 'true');

  await tab(page, /^Próximos Eventos/).click();
  await card(page, LUNA).getByRole('link', { name: 'detalle de boleto(s)' }).click();
  await expect(page).toHaveURL(/\/perfil\/mis_compras\/\d+\?vista=cuadricula$/);
  await expect(page.getByRole('heading', { level: 1, name: LUNA })).toBeVisible();
  const eventoId = /mis_compras\/(\d+)/.exec(page.url())![1]!;
  const detalle = await miEvento(api, token, eventoId);
  expect(detalle.boletos).toHaveLength(2);

  const summary = page.getByRole('complementary', { name: 'Resumen de compra' });
  await expect(summary).toContainText(DEMO.email);
  await expect(summary).toContainText(/Total\s*\$[\d,]+\.\d\d/);

  // Every ticket's QR, as painted, reads back as that ticket's quemadoUUID.
  const tickets = page.locator('article.ticket');
  await expect(tickets).toHaveCount(2);
  const shown: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const ticket = tickets.nth(i);
    const id = (await ticket.locator('.ticket__id dd').textContent())!.trim();
    const expected = detalle.boletos.find((b) => b.id === id);
    expect(expected, `boleto ${id}`).toBeTruthy();
    const qr = ticket.getByRole('img', { name: /^Código QR del boleto/ });
    await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml/);
    const box = (await qr.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(240);
    expect(await decodeQrOnScreen(page, qr)).toBe(expected!.quemadoUUID);
    shown.push(expected!.quemadoUUID);
  }

  // Full screen for the gate: Escape closes and focus goes back to the button.
  const enlarge = tickets.first().getByRole('button', { name: 'Ver en pantalla completa' });
  await enlarge.click();
  const full = page.getByRole('dialog', { name: LUNA });
  await expect(full).toBeVisible();
  const bigQr = full.getByRole('img', { name: /^Código QR del boleto/ });
  await expect(bigQr).toHaveAttribute('src', /^data:image\/svg\+xml/);
  expect((await bigQr.boundingBox())!.width).toBeGreaterThan(400);
  expect(await decodeQrOnScreen(page, bigQr)).toBe(shown[0]);
  await page.keyboard.press('Escape');
  await expect(full).toBeHidden();
  await expect(enlarge).toBeFocused();

  // The PDF (its library loads on this click, not before) and the calendar file.
  expect(pdfLibraryLoaded()).toBe(false);
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar boletos (PDF)' }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/^boletos-luna-roja.*\.pdf$/);
  expect(
    fs
      .readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await expect.poll(pdfLibraryLoaded).toBe(true);
  const [ics] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Agregar al calendario' }).click()]);
  expect(ics.suggestedFilename()).toMatch(/\.ics$/);
  const calendar = fs.readFileSync((await ics.path())!, 'utf8');
  expect(calendar).toContain('BEGIN:VEVENT');
  expect(calendar).toContain(`SUMMARY:${LUNA}`);

  await page.getByRole('link', { name: '← Volver a mis compras' }).click();
  await expect(page).toHaveURL(/\/perfil\/mis_compras\?vista=cuadricula$/);
  expect(await violations()).toEqual([]);
});

test('password change: wrong current password, mismatch, then success; the old password no longer signs in', async ({ page, api }) => {
  const buyer = await createVerifiedBuyer(api, 'Clave Nueva');
  await signInAs(page, buyer);
  await page.goto('/perfil/mi_password');
  const form = page.getByRole('main');
  const submit = async (actual: string, nueva: string, repetida: string) => {
    await form.getByLabel('Contraseña actual').fill(actual);
    await form.getByLabel('Nueva contraseña', { exact: true }).fill(nueva);
    await form.getByLabel('Confirmar nueva contraseña').fill(repetida);
    await form.getByRole('button', { name: 'Actualizar contraseña' }).click();
  };
  const confirm = async () => {
    const dialog = page.getByRole('dialog', { name: '¿Cambiar tu contraseña?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cambiar contraseña' }).click();
  };

  await form.getByRole('button', { name: 'Actualizar contraseña' }).click();
  await expect(form.getByRole('alert')).toHaveText('Todos los campos son obligatorios');

  await submit('Incorrecta9', 'Nueva123', 'Nueva123');
  await confirm();
  // Spec §8's text for the failure, and the reason on the field it is about.
  await expect(form.getByRole('alert')).toHaveText('Hubo un problema al actualizar la contraseña');
  await expect(form.getByLabel('Contraseña actual')).toHaveAccessibleDescription('La contraseña actual no es correcta.');

  await submit(PASSWORD, 'Nueva123', 'Nueva124');
  await expect(form.getByText('Las nuevas contraseñas no coinciden')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await submit(PASSWORD, 'Nueva123', 'Nueva123');
  await confirm();
  await expect(form.getByRole('status').filter({ hasText: 'Contraseña actualizada correctamente' })).toBeVisible();

  expect((await api.post('/api/v1/auth/login', { data: { email: buyer.email, password: PASSWORD } })).ok()).toBe(false);
  // Sign out from the side menu and back in, with the new password, through the screens.
  await page.getByRole('navigation', { name: 'Mi cuenta' }).getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.getByLabel('Correo').fill(buyer.email);
  await page.getByLabel('Contraseña').fill('Nueva123');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Mis eventos' })).toBeVisible();
});

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('Mis compras, a ticket and its full-screen QR fit the screen and scan', async ({ page, api }) => {
    const token = await signInDemo(page, api);
    await page.goto('/perfil/mis_compras');
    await expect(card(page, LUNA)).toBeVisible();
    // Against the device width: a phone browser zooms out to fit a wider page, so innerWidth would grow with it.
    const noSideScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= 390);
    expect(await noSideScroll()).toBe(true);
    // Keyboard: the tabs move with the arrows.
    await tab(page, /^Próximos Eventos/).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, /^Eventos Pasados$/)).toBeFocused();
    await expect(card(page, SINFONIA)).toBeVisible();
    await card(page, SINFONIA).getByRole('link', { name: 'detalle de boleto(s)' }).click();
    await expect(page.getByRole('heading', { level: 1, name: SINFONIA })).toBeVisible();
    expect(await noSideScroll()).toBe(true);
    const detalle = await miEvento(api, token, /mis_compras\/(\d+)/.exec(page.url())![1]!);
    const payloads = detalle.boletos.map((b) => b.quemadoUUID);

    const qr = page
      .locator('article.ticket')
      .first()
      .getByRole('img', { name: /^Código QR del boleto/ });
    await qr.scrollIntoViewIfNeeded();
    const box = (await qr.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(240);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(payloads).toContain(await decodeQrOnScreen(page, qr));

    await page.locator('article.ticket').first().getByRole('button', { name: 'Ver en pantalla completa' }).click();
    const full = page.getByRole('dialog', { name: SINFONIA });
    const bigQr = full.getByRole('img', { name: /^Código QR del boleto/ });
    await expect(bigQr).toHaveAttribute('src', /^data:image\/svg\+xml/);
    const big = (await bigQr.boundingBox())!;
    expect(big.width).toBeGreaterThanOrEqual(320);
    expect(big.x).toBeGreaterThanOrEqual(0);
    expect(big.x + big.width).toBeLessThanOrEqual(390);
    expect(payloads).toContain(await decodeQrOnScreen(page, bigQr));
    await full.getByRole('button', { name: 'Cerrar' }).click();
    await expect(full).toBeHidden();
  });
});

test('the demo account deletes its saved card after confirming', async ({ page, api }) => {
  const token = await signInDemo(page, api);
  await page.goto('/perfil/mis_formas_de_pago');
  const cards = page.getByRole('list', { name: 'Tarjetas guardadas' });
  const remove = cards.getByRole('button', { name: /^Eliminar Visa terminada en 1111$/ });
  await expect(remove).toBeVisible();

  await remove.click();
  const dialog = page.getByRole('dialog', { name: 'Eliminar tarjeta' });
  await expect(dialog).toContainText('Esta acción eliminará tu método de pago de forma permanente.');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();

  await remove.click();
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Tarjeta eliminada correctamente.' })).toBeVisible();
  await expect(page.getByText('No tienes tarjetas guardadas.')).toBeVisible();
  const perfil = await api.get('/api/v1/pagos/get/mi_perfil', { headers: { Authorization: `Bearer ${token}` } });
  expect(((await perfil.json()) as { tarjetas: unknown[] }).tarjetas).toEqual([]);
});
