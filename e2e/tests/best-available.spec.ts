import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/fixtures';
import { createVerifiedBuyer, signInAs } from '../support/accounts';
import { estadoDe, eventoId, fillCard, openSeatPage, panel, pay, seccion } from '../support/purchase';

// 'Mejores lugares disponibles' and the rule against leaving a seat alone (decision 0032), on
// the demo event that keeps the rule on ('Gala de Danza Folklórica'): a buyer asks for 4 seats
// of a category, gets them held and shown on the seat page, and pays; a manual pick that would
// leave a seat alone is refused with the seat's name and the selection stays.

const GALA = 'Gala de Danza Folklórica';
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test('a buyer asks for the 4 best seats of a category, gets them held on the seat page and pays', async ({ page, api }) => {
  const buyer = await createVerifiedBuyer(api);
  const id = await eventoId(api, GALA);
  const s = await seccion(api, id, 'Luneta Central');
  await signInAs(page, buyer);
  await page.goto(`/eventos/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: GALA })).toBeVisible();

  const toggle = page.getByRole('button', { name: 'Mejores lugares disponibles' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByLabel('Categoría', { exact: true }).selectOption('Luneta centro');
  await page.getByLabel('Cantidad de boletos').selectOption('4');
  // The open form, on a phone and at desktop width.
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `axe a ${size.width} px`,
    ).toEqual([]);
  }

  await page.getByRole('button', { name: 'Buscar mejores lugares' }).click();
  // The seat page of the section opens with the hold: checkout counts it down and lists the seats.
  await expect(page).toHaveURL(new RegExp(`/eventos/${id}/${s.id}/`));
  await expect(page.getByRole('heading', { name: `Sección: ${s.nombre}` })).toBeVisible();
  const p = panel(page);
  await expect(p.getByRole('timer')).toBeVisible({ timeout: 15_000 });
  const all = await (await api.get(`/api/v1/eventos/${id}/${s.id}/filas_por_seccion`)).json();
  const filaA = (all.filas as { asientos: { id: number; numero: number; fila: string }[] }[]).flatMap((f) => f.asientos).filter((a) => a.fila === 'A');
  const best = [8, 9, 10, 11].map((n) => filaA.find((a) => a.numero === n)!.id);
  await expect.poll(() => estadoDe(api, id, s.id, best)).toEqual(['reservado', 'reservado', 'reservado', 'reservado']);
  // Highlighted as the buyer's own seats on the map's side panel.
  for (const n of [8, 9, 10, 11]) await expect(page.getByText(new RegExp(`Fila A.*${n}`)).first()).toBeVisible();

  await fillCard(p, '4111111111111111');
  await pay(page, p);
  await expect(page.getByRole('heading', { name: '¡Compra exitosa!' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => estadoDe(api, id, s.id, best)).toEqual(['vendido', 'vendido', 'vendido', 'vendido']);
});

test('a manual pick that would leave a seat alone is refused by name, and the selection stays', async ({ page, api }) => {
  const buyer = await createVerifiedBuyer(api);
  const id = await eventoId(api, GALA);
  const s = await seccion(api, id, 'Luneta Izquierda');
  await signInAs(page, buyer);
  await openSeatPage(page, id, s);
  // First free seat, then two to the right: the seat between them would be alone.
  const map = page.getByRole('application', { name: new RegExp(`^Asientos de ${s.nombre}`) });
  const spoken = page.getByRole('status').filter({ hasText: /^Fila / });
  await map.focus();
  await page.keyboard.press('Enter');
  await expect(spoken).toContainText(': seleccionado');
  const [, fila, primero] = /^Fila (\S+), asiento (\d+)/.exec((await spoken.textContent()) ?? '') ?? [];
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(spoken).toContainText(': seleccionado');
  await panel(page).getByRole('button', { name: 'Continuar' }).click();
  const solo = `${fila}-${Number(primero) + 1}`;
  await expect(page.getByText(`No puedes dejar el asiento ${solo} solo: agrégalo a tu selección o elige otros asientos.`)).toBeVisible();
  // No reload: both seats are still selected, nothing was held.
  await page.waitForTimeout(2500);
  await expect(page.getByText(`No puedes dejar el asiento ${solo} solo`)).toBeVisible();
  await expect(panel(page).getByRole('timer')).toHaveCount(0);
  await expect(panel(page).getByRole('button', { name: 'Continuar' })).toBeVisible();
});
