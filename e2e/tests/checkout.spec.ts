import type { Page } from '@playwright/test';
import { createVerifiedBuyer, signInAs, uniqueEmail } from '../support/accounts';
import { watchCsp } from '../support/csp';
import { expect, test } from '../support/fixtures';
import { amountOf, estadoDe, eventoId, fillCard, openGeneralModal, openSeatPage, panel, pay, pickSeats, seccion } from '../support/purchase';
import { expectTicketsMail } from '../support/tickets-mail';

// Checkout's payment step in Chromium over the real API and the Openpay sandbox (platform/openpay-sandbox)
// (README "Pagos de prueba: tarjetas"): summary with the automatic promotion, a code, the
// card tokenised by /sandbox/openpay.js, 3-D Secure through the sandbox bank page, a decline
// then a success within one hold, and a guest's general-admission purchase.
// Each test takes its own section so they never compete; holds last one minute here. Every
// sale ends with the tickets e-mail opened in the local mailbox and its QR codes decoded.

const LUNA = 'Luna Roja — Gira Eclipse';
const NORTE = 'Festival Norte Sonoro';
const APROBADA = '4111111111111111';
const DECLINADA = '4222222222222220';
const TRES_D_SECURE = '4000000000003220';

async function expectSuccess(page: Page, evento: string, total: string) {
  const success = page.getByRole('dialog', { name: '¡Compra exitosa!' });
  await expect(success).toBeVisible({ timeout: 20_000 });
  await expect(success).toContainText(evento);
  await expect(success).toContainText('Arena Ciudad de México');
  await expect(success).toContainText(total);
  await expect(success.getByRole('link', { name: 'Ir a mis compras' })).toHaveAttribute('href', '/perfil/mis_compras');
  return success;
}

test('a signed-in buyer pays two seats with the automatic promotion and a saved card, once', async ({ page, api }) => {
  const buyer = await createVerifiedBuyer(api);
  const id = await eventoId(api, LUNA);
  const s = await seccion(api, id, 'Sección 104');
  await signInAs(page, buyer);
  const violations = await watchCsp(page);
  await openSeatPage(page, id, s);
  const seats = await pickSeats(page, api, id, s, 2);
  await panel(page).getByRole('button', { name: 'Continuar' }).click();

  const p = panel(page);
  await expect(amountOf(p, 'Descuento 10 % (Preventa: 10 % automático)')).toContainText('−$');
  for (const label of ['Subtotal', 'Cargo por servicio', 'Cargo por uso de tarjeta', 'IVA', 'Total'])
    await expect(amountOf(p, label)).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(p.getByRole('list', { name: 'Precio final por boleto' })).toContainText('con cargos e IVA');

  // Every card message, and nothing charged.
  await p.getByRole('button', { name: 'Pagar', exact: true }).click();
  await expect(p.getByText('El nombre del titular no es válido o no puede ir vacío.')).toBeVisible();
  await expect(p.getByText('El CVV debe tener 3 o 4 dígitos.')).toBeVisible();
  await fillCard(p, APROBADA);
  await expect(p.getByLabel('Número de tarjeta')).toHaveValue('4111 1111 1111 1111');
  await p.getByLabel('Quieres guardar tu tarjeta?', { exact: true }).check();

  const charges: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/pagos/make/cargo')) charges.push(r.postData() ?? '');
  });
  const total = await pay(page, p);
  // A second click while the charge runs does nothing.
  await expect(p.getByRole('button', { name: 'Procesando pago' })).toBeDisabled();
  const success = await expectSuccess(page, LUNA, total);
  // Paid: the hold no longer counts down nor offers to cancel.
  await expect(p.getByRole('timer')).toHaveCount(0);
  await expect(p.getByRole('button', { name: 'Cancelar la compra' })).toHaveCount(0);
  expect(charges).toHaveLength(1);
  // The confetti is drawn on the success dialog's canvas, inside the page's policy.
  await expect(success.locator('canvas')).toBeAttached();
  expect(await violations()).toEqual([]);
  // The card went to the gateway's tokenizer only.
  expect(charges[0]).not.toContain('4111');
  expect(charges[0]).not.toContain('"123"');
  await expect.poll(() => estadoDe(api, id, s.id, seats)).toEqual(['vendido', 'vendido']);
  // 'Continuar' reloads into a fresh purchase: nothing is restored.
  await success.getByRole('button', { name: 'Continuar' }).click();
  await expect(panel(page).getByRole('button', { name: 'Continuar' })).toBeVisible({ timeout: 10_000 });
  await expect(panel(page).getByRole('timer')).toHaveCount(0);
  await expectTicketsMail(api, buyer.email, LUNA, 2);
});

test('a code overrides the automatic promotion and is what the buyer pays', async ({ page, api }) => {
  const buyer = await createVerifiedBuyer(api);
  const id = await eventoId(api, LUNA);
  const s = await seccion(api, id, 'Sección 105');
  await signInAs(page, buyer);
  await openSeatPage(page, id, s);
  await pickSeats(page, api, id, s, 2);
  await panel(page).getByRole('button', { name: 'Continuar' }).click();
  const p = panel(page);
  await expect(amountOf(p, /^Descuento 10 %/)).toBeVisible();

  await p.getByLabel('Código de descuento').fill('3x2luna');
  await p.getByRole('button', { name: 'Aplicar' }).click();
  await expect(p.getByText('Debes seleccionar al menos 3 asientos en una misma categoría y precio para aplicar este código.')).toBeVisible();
  await p.getByLabel('Código de descuento').fill('luna20');
  await p.getByRole('button', { name: 'Aplicar' }).click();
  await expect(p.getByText('Descuento aplicado correctamente!')).toBeVisible();
  await expect(amountOf(p, 'Descuento 20 % (20 % de descuento fans)')).toContainText('−$');
  await expect(amountOf(p, /^Descuento 10 %/)).toHaveCount(0);

  await fillCard(p, APROBADA);
  const total = await pay(page, p);
  await expectSuccess(page, LUNA, total);
  await expectTicketsMail(api, buyer.email, LUNA, 2);
});

test('a declined card, then an approved one within the same hold', async ({ page, api }) => {
  const buyer = await createVerifiedBuyer(api);
  const id = await eventoId(api, LUNA);
  const s = await seccion(api, id, 'Sección 106');
  await signInAs(page, buyer);
  await openSeatPage(page, id, s);
  const seats = await pickSeats(page, api, id, s, 1);
  await panel(page).getByRole('button', { name: 'Continuar' }).click();
  const p = panel(page);

  await fillCard(p, DECLINADA);
  await pay(page, p);
  await expect(p.getByRole('alert')).toBeVisible({ timeout: 20_000 });
  await expect(p.getByRole('button', { name: 'Pagar', exact: true })).toBeEnabled();
  await expect.poll(() => estadoDe(api, id, s.id, seats)).toEqual(['reservado']);

  await p.getByLabel('Número de tarjeta').fill(APROBADA);
  const total = await pay(page, p);
  await expectSuccess(page, LUNA, total);
  await expect.poll(() => estadoDe(api, id, s.id, seats)).toEqual(['vendido']);
  await expectTicketsMail(api, buyer.email, LUNA, 1);
});

test('3-D Secure: the sandbox bank page authorises and terminar_compra finishes the sale', async ({ page, api }) => {
  const buyer = await createVerifiedBuyer(api);
  const id = await eventoId(api, LUNA);
  const s = await seccion(api, id, 'Sección 107');
  await signInAs(page, buyer);
  const violations = await watchCsp(page);
  await openSeatPage(page, id, s);
  const seats = await pickSeats(page, api, id, s, 1);
  await panel(page).getByRole('button', { name: 'Continuar' }).click();
  const p = panel(page);
  await fillCard(p, TRES_D_SECURE);
  const total = await pay(page, p);

  await page.getByRole('button', { name: 'Autorizar' }).click({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/terminar_compra\/[0-9a-f-]{36}\/false\/[^/?]+\?id=/);
  await expect(page.getByRole('heading', { name: '¡Compra exitosa!' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(total)).toBeVisible();
  expect(await violations()).toEqual([]);
  await expect.poll(() => estadoDe(api, id, s.id, seats)).toEqual(['vendido']);
  // Reopening the link later answers the same, and sells nothing twice.
  await page.reload();
  await expect(page.getByRole('heading', { name: '¡Compra exitosa!' })).toBeVisible({ timeout: 20_000 });
  // One sale, one e-mail: the reload sent nothing more.
  const mail = await expectTicketsMail(api, buyer.email, LUNA, 1);
  const list = await (await api.get(`/dev/correos?para=${encodeURIComponent(buyer.email)}`)).text();
  expect(list.split(mail.subject).length - 1).toBe(1);
  // 'Reenviar boletos por correo' sends it again, to the same address only.
  await page.getByRole('button', { name: 'Reenviar boletos por correo' }).click();
  await expect(page.getByRole('status').filter({ hasText: buyer.email })).toHaveText(`Te enviamos tus boletos por correo. (${buyer.email})`);
  const again = await (await api.get(`/dev/correos?para=${encodeURIComponent(buyer.email)}`)).text();
  expect(again.split(mail.subject).length - 1).toBe(2);
});

test('3-D Secure rejected at the bank: terminar_compra says why and sells nothing', async ({ page, api }) => {
  const id = await eventoId(api, LUNA);
  const s = await seccion(api, id, 'Sección 108');
  await openSeatPage(page, id, s);
  const seats = await pickSeats(page, api, id, s, 1);
  await panel(page).getByLabel('Nombre', { exact: true }).fill('Invitado Banco');
  await panel(page).getByLabel('Correo electrónico').fill(uniqueEmail('banco'));
  await panel(page).getByRole('button', { name: 'Continuar' }).click();
  const p = panel(page);
  await fillCard(p, TRES_D_SECURE);
  await pay(page, p);

  await page.getByRole('button', { name: 'Rechazar' }).click({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/terminar_compra_invitado\/[0-9a-f-]{36}\/false\/[0-9a-f-]{36}\/[^/?]+\?id=/);
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(alert).not.toHaveText('Hubo un problema al confirmar el pago.');
  await expect(page.getByRole('heading', { name: '¡Compra exitosa!' })).toHaveCount(0);
  await expect.poll(() => estadoDe(api, id, s.id, seats)).toEqual(['reservado']);
});

test('a guest buys general admission in the modal with the group promotion', async ({ page, api }) => {
  const id = await eventoId(api, NORTE);
  const general = await seccion(api, id, 'General');
  const before = general.asientosDisponibles;
  const dialog = await openGeneralModal(page, `/eventos/${id}`, 'General');
  await dialog.getByLabel('Cantidad de boletos').selectOption('4');
  await dialog.getByLabel('Nombre', { exact: true }).fill('Invitada Prueba');
  const correo = uniqueEmail('invitada-pago');
  await dialog.getByLabel('Correo electrónico').fill(correo);
  await dialog.getByRole('button', { name: 'Siguiente' }).click();

  await expect(amountOf(dialog, /^Descuento 4x3/)).toContainText('−$');
  // Guests have no saved cards.
  await expect(dialog.getByLabel('Quieres guardar tu tarjeta?', { exact: true })).toHaveCount(0);
  await fillCard(dialog, APROBADA);
  const total = await pay(page, dialog);
  const success = page.getByRole('dialog', { name: '¡Compra exitosa!' });
  await expect(success).toBeVisible({ timeout: 20_000 });
  await expect(success).toContainText(NORTE);
  await expect(success).toContainText(total);
  expect((await seccion(api, id, 'General')).asientosDisponibles).toBe(before - 4);
  await expectTicketsMail(api, correo, NORTE, 4);
  await success.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('dialog', { name: '¡Compra exitosa!' })).toHaveCount(0, { timeout: 10_000 });
});

test('a card saved in one purchase pays the next without typing it, and can be deleted', async ({ page, api }) => {
  const buyer = await createVerifiedBuyer(api);
  const id = await eventoId(api, LUNA);
  const s = await seccion(api, id, 'Sección 109');
  await signInAs(page, buyer);
  await openSeatPage(page, id, s);
  await pickSeats(page, api, id, s, 1);
  await panel(page).getByRole('button', { name: 'Continuar' }).click();
  let p = panel(page);
  await fillCard(p, APROBADA);
  await p.getByLabel('Quieres guardar tu tarjeta?', { exact: true }).check();
  await (await expectSuccess(page, LUNA, await pay(page, p))).getByRole('button', { name: 'Continuar' }).click();

  // The next purchase offers the saved card; choosing it hides the card form.
  await expect(panel(page).getByRole('button', { name: 'Continuar' })).toBeVisible({ timeout: 10_000 });
  const seats = await pickSeats(page, api, id, s, 1);
  await panel(page).getByRole('button', { name: 'Continuar' }).click();
  p = panel(page);
  const formas = p.getByRole('group', { name: 'Forma de pago' });
  await formas.getByRole('radio', { name: /^Visa terminada en 1111/ }).check();
  await expect(p.getByLabel('Número de tarjeta')).toHaveCount(0);
  const charges: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/pagos/make/cargo')) charges.push(r.postData() ?? '');
  });
  await (await expectSuccess(page, LUNA, await pay(page, p))).getByRole('button', { name: 'Continuar' }).click();
  expect(JSON.parse(charges[0]!)).toMatchObject({ usuarioOpenpayId: expect.any(String), source_id: expect.any(String) });
  await expect.poll(() => estadoDe(api, id, s.id, seats)).toEqual(['vendido']);
  await expectTicketsMail(api, buyer.email, LUNA, 1);

  // Deleting it asks first, then it is gone here and for the account.
  await expect(panel(page).getByRole('button', { name: 'Continuar' })).toBeVisible({ timeout: 10_000 });
  await pickSeats(page, api, id, s, 1);
  await panel(page).getByRole('button', { name: 'Continuar' }).click();
  p = panel(page);
  await p.getByRole('button', { name: 'Eliminar Visa terminada en 1111' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar tarjeta' });
  await expect(confirm).toContainText('Esta acción eliminará tu método de pago de forma permanente.');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(p.getByRole('group', { name: 'Forma de pago' })).toHaveCount(0);
  await expect(p.getByLabel('Número de tarjeta')).toBeVisible();
  const perfil = await api.get('/api/v1/pagos/get/mi_perfil', { headers: { authorization: `Bearer ${buyer.token}` } });
  expect(((await perfil.json()) as { tarjetas: unknown[] }).tarjetas).toEqual([]);
});
