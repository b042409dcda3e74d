import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { createVerifiedBuyer, signInAs, uniqueEmail } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { asientos, eventoId, seccion } from '../support/purchase';

// Factura (CFDI 4.0) on request, in Chromium over the real API and the local fake PAC: a
// signed-in buyer asks for one from Mis compras and downloads its XML and PDF; a guest asks for
// one from the link of their tickets e-mail. Each test makes its own purchase (seats taken from
// the end of a section of the extra date, which other specs pick from the start).

const EVENTO = 'Luna Roja — Gira Eclipse (fecha extra)';
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

async function expectNoViolations(page: Page, what: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
    const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
    expect(found, `${what} a ${size.width} px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${what}: sin desplazamiento lateral a ${size.width} px`).toBe(
      true,
    );
  }
}

let taken = 0;
/**
 * A sold purchase of one seat through the same calls the browser makes (hold, summary, card
 * token at the sandbox gateway, make/cargo), as `token`'s account or as a guest.
 */
async function buy(api: APIRequestContext, buyer: { token?: string; correo?: string }) {
  const id = await eventoId(api, EVENTO);
  const s = await seccion(api, id, 'Sección 101');
  const free = (await asientos(api, id, s.id)).filter((a) => a.estado === 'disponible');
  const seat = free[free.length - 1 - taken++]!;
  const auth: Record<string, string> = buyer.token ? { authorization: `Bearer ${buyer.token}` } : {};
  const hold = buyer.token
    ? await api.post(`/api/v1/eventos/${id}/reservar`, { data: { asientosReserva: [{ id: seat.id }] }, headers: auth })
    : await api.post(`/api/v1/eventos/${id}/reservarInvitado`, { data: { asientosReserva: [{ id: seat.id }], nombre: 'Ana Invitada', correo: buyer.correo } });
  expect(hold.status(), await hold.text()).toBe(201);
  const { reservaId } = (await hold.json()) as { reservaId: string };
  const { total } = (await (await api.get(`/api/v1/eventos/${id}/reservas/${reservaId}/resumen`, { headers: auth })).json()) as { total: number };
  const card = await api.post('/sandbox/v1/msandboxtaquilla/tokens', {
    headers: { authorization: `Basic ${Buffer.from('pk_sandbox_taquilla:').toString('base64')}` },
    data: {
      card_number: '4111111111111111',
      holder_name: 'Ana López',
      expiration_month: '12',
      expiration_year: String((new Date().getFullYear() + 1) % 100),
      cvv2: '123',
    },
  });
  expect(card.status()).toBe(201);
  const body = {
    reservaId,
    esGeneral: false,
    tipoDispositivo: 'web',
    source_id: ((await card.json()) as { id: string }).id,
    device_session_id: 'e2e-factura',
    amount: total,
  };
  const paid = await api.post(buyer.token ? '/api/v1/pagos/make/cargo' : '/api/v1/pagos/make/cargo_invitado', { data: body, headers: auth });
  expect(paid.status(), await paid.text()).toBe(200);
  return { eventoId: id, reservaId, total, invitadoId: ((await paid.json()) as { invitadoId?: string }).invitadoId };
}

/** Fills the fiscal-data form (persona moral, SAT test RFC) and sends it. */
async function requestInvoice(page: Page) {
  const form = page.getByRole('form', { name: 'Datos fiscales para tu factura' });
  await expect(form.getByLabel('RFC')).toBeFocused();
  // A wrong check digit first: the API's reason, in Spanish, and nothing issued.
  await form.getByLabel('RFC').fill('MAG041126GT9');
  await form.getByLabel('Nombre o razón social').fill('Mi Agencia');
  await form.getByLabel('Código postal del domicilio fiscal').fill('06600');
  await form.getByLabel('Régimen fiscal').selectOption('601');
  await form.getByLabel('Uso del CFDI').selectOption('G03');
  await form.getByRole('button', { name: 'Emitir factura' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'El RFC no es válido: el dígito verificador (último carácter) no corresponde. Revísalo en tu Constancia de Situación Fiscal.',
  );
  await expectNoViolations(page, 'formulario de factura con error');
  // Persona moral: its régimen list has no persona física régimen, and D01 is not offered.
  await expect(form.getByLabel('Régimen fiscal').locator('option[value="605"]')).toHaveCount(0);
  await expect(form.getByLabel('Uso del CFDI').locator('option[value="D01"]')).toHaveCount(0);
  await form.getByLabel('RFC').fill('MAG041126GT8');
  await form.getByRole('button', { name: 'Emitir factura' }).click();
}

async function downloaded(page: Page, button: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const path = await download.path();
  const fs = await import('node:fs');
  return { name: download.suggestedFilename(), body: fs.readFileSync(path) };
}

test('a signed-in buyer requests a factura from Mis compras and downloads its XML and PDF', async ({ page, api }) => {
  const buyer = await createVerifiedBuyer(api);
  const sale = await buy(api, { token: buyer.token });
  await signInAs(page, buyer);
  await page.goto(`/perfil/mis_compras/${sale.eventoId}`);
  const panel = page.getByRole('region', { name: 'Factura' });
  await expect(panel.getByRole('button', { name: 'Solicitar factura' })).toBeVisible();
  await expect(panel).toContainText('Pide tu factura (CFDI 4.0) dentro del mes calendario de tu compra.');
  await expectNoViolations(page, 'Mis compras › factura');

  await panel.getByRole('button', { name: 'Solicitar factura' }).focus();
  await page.keyboard.press('Enter');
  await requestInvoice(page);
  await expect(panel.getByRole('status')).toHaveText(`Emitimos tu factura y la enviamos a ${buyer.email}.`);
  await expect(panel).toContainText('Factura emitida a MI AGENCIA (RFC MAG041126GT8).');
  const uuid = /Folio fiscal: ([0-9A-F-]{36})/.exec((await panel.textContent()) ?? '')?.[1];
  expect(uuid).toBeTruthy();
  await expectNoViolations(page, 'Mis compras › factura emitida');

  const xml = await downloaded(page, 'Descargar XML');
  expect(xml.name).toBe(`factura-${uuid}.xml`);
  const text = xml.body.toString('utf8');
  expect(text).toContain('xmlns:cfdi="http://www.sat.gob.mx/cfd/4"');
  expect(text).toContain('Rfc="MAG041126GT8"');
  expect(text).toContain(`UUID="${uuid}"`);
  expect(text).toContain(`Total="${(sale.total / 100).toFixed(2)}"`);
  const pdf = await downloaded(page, 'Descargar PDF');
  expect(pdf.name).toBe(`factura-${uuid}.pdf`);
  expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');

  // After a reload the invoice is still there, and the purchase offers no second one.
  await page.reload();
  await expect(panel).toContainText(`Folio fiscal: ${uuid}`);
  await expect(panel.getByRole('button', { name: 'Solicitar factura' })).toHaveCount(0);
});

test('a guest requests a factura from the link in the tickets e-mail', async ({ page, api }) => {
  const correo = uniqueEmail('invitado');
  const sale = await buy(api, { correo });
  let link = '';
  await expect
    .poll(async () => {
      const list = await (await api.get(`/dev/correos?para=${encodeURIComponent(correo)}`)).text();
      const id = /href="\/dev\/correos\/([0-9a-f-]{36})"/.exec(list)?.[1];
      if (!id) return '';
      const html = await (await api.get(`/dev/correos/${id}`)).text();
      link = /href="https?:\/\/[^/"]+(\/factura\/[0-9a-f-]{36}\/[0-9a-f-]{36})"/.exec(html)?.[1] ?? '';
      return link;
    })
    .toBe(`/factura/${sale.invitadoId}/${sale.reservaId}`);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Factura' })).toBeVisible();
  await expect(page).toHaveTitle('Factura de tu compra · Taquilla');
  await expect(page.getByText(EVENTO)).toBeVisible();
  await expectNoViolations(page, '/factura/:invitadoId/:reservaId');
  await page.getByRole('button', { name: 'Solicitar factura' }).click();
  await requestInvoice(page);
  await expect(page.getByRole('status').filter({ hasText: 'Emitimos tu factura' })).toHaveText(`Emitimos tu factura y la enviamos a ${correo}.`);
  await expectNoViolations(page, 'factura de invitado emitida');
  const pdf = await downloaded(page, 'Descargar PDF');
  expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');

  // The e-mail with the invoice arrived at the purchase's address.
  await expect
    .poll(async () => (await (await api.get(`/dev/correos?para=${encodeURIComponent(correo)}`)).text()).includes(`Tu factura de ${EVENTO}`))
    .toBe(true);
  // Another guest id with this purchase id: nothing.
  await page.goto(`/factura/00000000-0000-4000-8000-000000000000/${sale.reservaId}`);
  await expect(page.getByRole('alert')).toContainText('La compra no existe.');
});
