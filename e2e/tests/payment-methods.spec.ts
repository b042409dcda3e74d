import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { uniqueEmail } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { amountOf, estadoDe, eventoId, fillCard, openSeatPage, panel, pay, pickSeats, seccion, type Seccion } from '../support/purchase';

// Issue 32 items 1–4: how Mexico pays, end to end on the Openpay sandbox. A card in 6 meses
// sin intereses; a cash reference paid at the sandbox's till page; a SPEI transfer paid; a cash
// reference left to expire, whose seats go back on sale. Each at 390×844 touch and 1280×800,
// with axe on the new screens. The seed's folk dance gala offers 3/6/9/12 months (its minimums:
// $500 / $1,000 / $2,000 / $5,000) and is no other spec's; each viewport and test takes its own section.

const GALA = 'Gala de Danza Folklórica';
const APROBADA = '4111111111111111';
/** The sandbox's debit test card (api/README.md, "Tarjetas de prueba"). */
const DEBITO = '4000000000000002';
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const VIEWPORTS = [
  {
    name: 'phone 390×844 touch',
    use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
    tag: 'movil',
    secciones: ['Luneta Derecha', 'Luneta Izquierda'],
  },
  { name: 'desktop 1280×800', use: { viewport: { width: 1280, height: 800 } }, tag: 'escritorio', secciones: ['Luneta Central', 'Balcón Izquierdo'] },
] as const;

async function expectAxeClean(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  expect(
    violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`),
    what,
  ).toEqual([]);
}

/** Picks `n` seats as a guest and holds them ('Continuar'); answers the seats and the guest's e-mail. */
async function guestHold(page: Page, api: APIRequestContext, id: number, s: Seccion, n: number, tag: string) {
  await openSeatPage(page, id, s);
  const seats = await pickSeats(page, api, id, s, n);
  const correo = uniqueEmail(tag);
  await panel(page).getByLabel('Nombre', { exact: true }).fill('Invitada Pagos');
  await panel(page).getByLabel('Correo electrónico').fill(correo);
  await panel(page).getByRole('button', { name: 'Continuar' }).click();
  await expect(panel(page).getByRole('timer')).toBeVisible();
  return { seats, correo };
}

/** The newest e-mail to `email` whose subject contains `subject`, as text (the local mailbox). */
async function mailText(api: APIRequestContext, email: string, subject: string): Promise<string> {
  let id = '';
  await expect
    .poll(
      async () => {
        const list = await (await api.get(`/dev/correos?para=${encodeURIComponent(email)}`)).text();
        const row = list.split('<tr>').find((r) => r.includes(subject));
        id = /href="\/dev\/correos\/([0-9a-f-]{36})"/.exec(row ?? '')?.[1] ?? '';
        return id;
      },
      { message: `correo '${subject}' para ${email}`, timeout: 20_000 },
    )
    .not.toBe('');
  return (await (await api.get(`/dev/correos/${id}`)).text())
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** The sandbox's till / bank page: the tester types the reference, then pays or lets it expire. */
async function sandboxTill(page: Page, referencia: string, accion: 'Pagar en caja' | 'Enviar transferencia' | 'Dejar vencer') {
  const till = await page.context().newPage();
  await till.goto('/sandbox/pagos');
  await till.getByLabel('Referencia de pago en efectivo o concepto SPEI').fill(referencia);
  await till.getByRole('button', { name: 'Buscar' }).click();
  await expect(till.getByText('Pendiente de pago')).toBeVisible();
  await expectAxeClean(till, 'página de pagos de prueba');
  await till.getByRole('button', { name: accion }).click();
  await expect(till.getByRole('heading', { name: accion === 'Dejar vencer' ? 'Referencia vencida' : 'Pago recibido' })).toBeVisible();
  await till.close();
}

/** Chooses cash or SPEI in '¿Cómo quieres pagar?' and asks for the reference; answers the reference screen. */
async function askReference(page: Page, metodo: 'Pago en efectivo' | 'Transferencia SPEI') {
  const forma = panel(page).getByRole('group', { name: '¿Cómo quieres pagar?' });
  await forma.getByRole('radio', { name: metodo }).check();
  await panel(page).getByRole('button', { name: 'Generar referencia' }).click();
  const screen = panel(page).getByRole('region', { name: metodo === 'Pago en efectivo' ? 'Pago en efectivo: tu referencia' : 'Transferencia SPEI: tus datos' });
  await expect(screen).toBeVisible();
  await expect(screen.getByRole('heading', { level: 3 })).toBeFocused();
  return screen;
}

const datoDe = (screen: ReturnType<typeof panel>, label: string) =>
  screen.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

for (const vp of VIEWPORTS) {
  test.describe(vp.name, () => {
    test.use(vp.use);

    test('card in 6 meses sin intereses: the plans with their monthly amount and the same total; the tickets e-mail says the plan', async ({ page, api }) => {
      const id = await eventoId(api, GALA);
      const s = await seccion(api, id, vp.secciones[0]);
      const { seats, correo } = await guestHold(page, api, id, s, 2, `msi-${vp.tag}`);
      const total = (await amountOf(panel(page), 'Total').textContent())!;
      // The plans show once the card is typed and the gateway says it is a credit card.
      await fillCard(panel(page), APROBADA);
      const plan = panel(page).getByLabel('Meses sin intereses');
      await expect(plan).toBeVisible();
      const options = await plan.locator('option').allTextContents();
      expect(options[0]).toBe('Pago de contado');
      // Each plan the total reaches: its monthly amount (rounded up to the centavo) and the same total.
      const centavos = (money: string) => Number(money.replace(/[$,.]/g, ''));
      for (const o of options.slice(1)) {
        const [, meses, mensualidad, mismo] = /^(\d+) meses sin intereses de (\$[\d,]+\.\d\d) \(total (\$[\d,]+\.\d\d)\)$/.exec(o) ?? [];
        expect(mismo, o).toBe(total);
        expect(centavos(mensualidad!)).toBe(Math.ceil(centavos(total) / Number(meses)));
      }
      const seis = options.find((o) => o.startsWith('6 meses sin intereses'));
      expect(seis, options.join(' | ')).toBeTruthy();
      await plan.selectOption({ label: seis! });
      await expectAxeClean(page, 'pago con meses sin intereses');
      expect(await pay(page, panel(page))).toBe(total);
      await expect(page.getByRole('dialog', { name: '¡Compra exitosa!' })).toBeVisible();
      await expect.poll(() => estadoDe(api, id, s.id, seats)).toEqual(['vendido', 'vendido']);
      expect(await mailText(api, correo, `Tus boletos para ${GALA}`)).toMatch(/Pagado a 6 meses sin intereses de \$[\d,]+\.\d\d/);
    });

    test('cash: reference, barcode and deadline on screen and by e-mail; paid at the sandbox till, the seats are sold and the tickets sent', async ({
      page,
      api,
    }) => {
      const id = await eventoId(api, GALA);
      const s = await seccion(api, id, vp.secciones[0]);
      const { seats, correo } = await guestHold(page, api, id, s, 1, `efectivo-${vp.tag}`);
      const total = (await amountOf(panel(page), 'Total').textContent())!;
      const screen = await askReference(page, 'Pago en efectivo');
      await expect(datoDe(screen, 'Total a pagar')).toHaveText(total);
      await expect(datoDe(screen, 'Vence')).toHaveText(/\d{4}/);
      const referencia = (await datoDe(screen, 'Referencia').textContent())!;
      expect(referencia).toMatch(/^\d{20}$/);
      const barcode = screen.getByRole('img', { name: `Código de barras de la referencia ${referencia}` });
      await expect(barcode).toBeVisible();
      expect(await barcode.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
      await expectAxeClean(page, 'referencia de pago en efectivo');
      // Held as 'pendiente de pago' meanwhile.
      await expect.poll(() => estadoDe(api, id, s.id, seats)).toEqual(['reservado']);
      const pdf = page.waitForEvent('download');
      await screen.getByRole('button', { name: 'Descargar PDF' }).click();
      expect((await pdf).suggestedFilename()).toBe('referencia-pago-efectivo.pdf');
      expect(await mailText(api, correo, `Pago en efectivo para ${GALA}`)).toContain(`Referencia: ${referencia}`);

      await sandboxTill(page, referencia, 'Pagar en caja');
      await expect.poll(() => estadoDe(api, id, s.id, seats)).toEqual(['vendido']);
      expect(await mailText(api, correo, `Tus boletos para ${GALA}`)).toContain('Pagado en efectivo');
    });

    test('SPEI: CLABE, beneficiary and the concept to type in the bank app; the transfer sells the seats', async ({ page, api }) => {
      const id = await eventoId(api, GALA);
      const s = await seccion(api, id, vp.secciones[1]);
      const { seats, correo } = await guestHold(page, api, id, s, 1, `spei-${vp.tag}`);
      const screen = await askReference(page, 'Transferencia SPEI');
      await expect(datoDe(screen, 'CLABE')).toHaveText(/^\d{18}$/);
      await expect(datoDe(screen, 'Beneficiario')).toHaveText('Taquilla');
      const concepto = (await datoDe(screen, 'Concepto o referencia').textContent())!;
      await expect(screen.getByRole('listitem').filter({ hasText: `escribe exactamente ${concepto}` })).toBeVisible();
      await expectAxeClean(page, 'datos de transferencia SPEI');
      expect(await mailText(api, correo, `Transferencia SPEI para ${GALA}`)).toContain(`Concepto o referencia: ${concepto} — escríbelo exactamente así`);
      await sandboxTill(page, concepto, 'Enviar transferencia');
      await expect.poll(() => estadoDe(api, id, s.id, seats)).toEqual(['vendido']);
    });

    test('a cash reference left to expire releases its seats on the open map, and the buyer is told', async ({ page, api }) => {
      const id = await eventoId(api, GALA);
      const s = await seccion(api, id, vp.secciones[1]);
      const { seats, correo } = await guestHold(page, api, id, s, 1, `vence-${vp.tag}`);
      const screen = await askReference(page, 'Pago en efectivo');
      const referencia = (await datoDe(screen, 'Referencia').textContent())!;
      // Another buyer watching the same section's map.
      const other = await page.context().browser()!.newPage({ viewport: vp.use.viewport });
      await openSeatPage(other, id, s);
      await expect.poll(() => estadoDe(api, id, s.id, seats)).toEqual(['reservado']);
      await sandboxTill(page, referencia, 'Dejar vencer');
      await expect.poll(() => estadoDe(api, id, s.id, seats)).toEqual(['disponible']);
      // Live on the open map: its first free seat is the released one again, selectable.
      const picked = await pickSeats(other, api, id, s, 1);
      expect(picked).toEqual(seats);
      await other.close();
      expect(await mailText(api, correo, `Tu referencia para ${GALA} venció`)).toContain('liberamos tus lugares');
    });

    test('a new debit card typed in sees no MSI plans: only Pago de contado, and it pays in one go', async ({ page, api }) => {
      const id = await eventoId(api, GALA);
      const s = await seccion(api, id, vp.secciones[0]);
      const { seats } = await guestHold(page, api, id, s, 1, `debito-${vp.tag}`);
      // Before the card is typed no plan is offered: its type is not known yet.
      await expect(panel(page).getByText('Los meses sin intereses aparecen al completar los datos de una tarjeta de crédito.')).toBeVisible();
      await expect(panel(page).getByLabel('Meses sin intereses')).toHaveCount(0);
      await fillCard(panel(page), DEBITO);
      await expect(
        panel(page)
          .getByRole('status')
          .filter({ hasText: /^Las tarjetas de débito pagan de contado/ }),
      ).toBeVisible();
      await expect(panel(page).getByLabel('Meses sin intereses')).toHaveCount(0);
      await expectAxeClean(page, 'tarjeta de débito sin meses sin intereses');
      const total = (await amountOf(panel(page), 'Total').textContent())!;
      expect(await pay(page, panel(page))).toBe(total);
      await expect(page.getByRole('dialog', { name: '¡Compra exitosa!' })).toBeVisible();
      await expect.poll(() => estadoDe(api, id, s.id, seats)).toEqual(['vendido']);
    });
  });
}
