import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { createVerifiedBuyer, signInAs } from '../support/accounts';
import { watchCsp } from '../support/csp';
import { API_KEY, expect, test } from '../support/fixtures';
import { eventoId, fillCard, panel, pay, seccion } from '../support/purchase';

// The waiting room of an event "en venta con fila" (decision 0031) in Chromium over the real API:
// two browsers wait for the start, each solving the ALTCHA proof of work; at the start one is
// admitted, the other's hold without a pass is refused with the Spanish message and nothing is
// held; the admitted one buys with 'Mejores lugares disponibles'. axe at 390 and 1280 px on the
// waiting page. The event is one no other spec uses, and its room is closed at the end.

const GALA = 'Gala de Danza Folklórica';
const SECCION = 'Luneta Central';
const NEEDS_PASS = 'Este evento está en venta con fila: espera tu turno en la sala de espera para apartar o pagar lugares.';
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function opsSala(api: APIRequestContext, body: Record<string, unknown>) {
  const res = await api.post('/api/v1/sala_espera/ops', { data: { actor: 'e2e', ...body } });
  expect(res.status(), await res.text()).toBe(200);
}

async function expectAxeClean(page: Page, what: string) {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
    const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
    expect(found, `${what} a ${size.width} px`).toEqual([]);
  }
}

const admittedLink = (page: Page) => page.getByRole('link', { name: 'Elegir lugares' });

test("two browsers queue; one is admitted and buys, the other's hold without a pass is refused", async ({ browser, api }) => {
  test.setTimeout(150_000);
  const id = await eventoId(api, GALA);
  const s = await seccion(api, id, SECCION);
  // The sale starts in 25 s at 6 buyers a minute: both browsers are in the room before it, so both are in the draw.
  await opsSala(api, { eventoId: id, accion: 'abrir', inicio: new Date(Date.now() + 25_000).toISOString(), ritmoPorMinuto: 6 });
  try {
    const buyer = await createVerifiedBuyer(api);
    const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
    const [pa, pb] = await Promise.all(contexts.map((c) => c.newPage()));
    const cspA = await watchCsp(pa!);

    await signInAs(pa!, buyer);

    // Both open the seat page and land in the waiting room, which gives each a place once its proof of work is done.
    for (const page of [pa!, pb!]) {
      await page.goto(`/eventos/${id}/${s.id}/${encodeURIComponent(s.nombre)}`);
      await expect(page).toHaveURL(new RegExp(`/eventos/${id}/sala_de_espera$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Sala de espera' })).toBeVisible();
      await expect(page.getByRole('timer')).toHaveText(/^00:00:[0-2]\d$/);
      await expect(page.getByText('Puedes recargar esta página o bloquear tu teléfono: conservas tu lugar en este navegador.')).toBeVisible({
        timeout: 30_000,
      });
    }
    // The widget ran under the shop's CSP (no inline style, no blob worker).
    expect(await cspA()).toEqual([]);
    // A reload keeps the place (the browser's cookie; no new challenge).
    await pb!.reload();
    await expect(pb!.getByText('Puedes recargar esta página')).toBeVisible();
    await expectAxeClean(pb!, 'sala de espera antes del inicio');

    // At the start one of them is admitted first (the draw decides which); the line is then paused so the other keeps waiting.
    await expect.poll(async () => (await admittedLink(pa!).count()) + (await admittedLink(pb!).count()), { timeout: 60_000, intervals: [500] }).toBe(1);
    await opsSala(api, { eventoId: id, accion: 'pausar', motivo: 'prueba e2e' });
    const aFirst = (await admittedLink(pa!).count()) === 1;
    const [admitted, waiting, waitingContext] = aFirst ? [pa!, pb!, contexts[1]!] : [pb!, pa!, contexts[0]!];

    await expect(waiting.getByText('Tu lugar en la fila')).toBeVisible({ timeout: 15_000 });
    await expect(waiting.locator('.sala-espera__lugar')).toHaveText('1');
    await expect(waiting.getByText('La fila está en pausa por el momento. Conservas tu lugar.')).toBeVisible({ timeout: 15_000 });
    await expectAxeClean(waiting, 'sala de espera con lugar en la fila');

    // The waiting browser's hold (its own cookies, no pass): refused in Spanish, nothing held.
    const free = (await (await api.get(`/api/v1/eventos/${id}/${s.id}/filas_por_seccion`)).json()).filas
      .flatMap((f: { asientos: { id: number; estado: string }[] }) => f.asientos)
      .find((a: { estado: string }) => a.estado === 'disponible');
    const refused = await waitingContext.request.post(`/api/v1/eventos/${id}/reservarInvitado`, {
      headers: { 'x-api-key': API_KEY },
      data: { asientosReserva: [{ id: free.id }], nombre: 'Sin Pase', correo: 'sin.pase@ejemplo.mx' },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe(NEEDS_PASS);
    // Its seat pages send it back to the room.
    await waiting.goto(`/eventos/${id}/${s.id}/${encodeURIComponent(s.nombre)}`);
    await expect(waiting).toHaveURL(new RegExp(`/eventos/${id}/sala_de_espera$`));

    // The admitted browser goes on and buys. (The signed-in buyer is A; if B was drawn first it signs in now.)
    if (admitted === pb) await signInAs(pb!, buyer);
    // It asks for the 2 best seats of a category: the server picks and holds them, with the pass.
    await admitted.goto(`/eventos/${id}`);
    await admitted.getByRole('button', { name: 'Mejores lugares disponibles' }).click();
    await admitted.getByLabel('Categoría', { exact: true }).selectOption('Luneta centro');
    await admitted.getByLabel('Cantidad de boletos').selectOption('2');
    await admitted.getByRole('button', { name: 'Buscar mejores lugares' }).click();
    await expect(admitted).toHaveURL(new RegExp(`/eventos/${id}/\\d+/`));
    await expect(panel(admitted).getByRole('timer')).toBeVisible({ timeout: 15_000 });
    await fillCard(panel(admitted));
    await pay(admitted, panel(admitted));
    await expect(admitted.getByRole('dialog', { name: '¡Compra exitosa!' })).toBeVisible({ timeout: 20_000 });
    await Promise.all(contexts.map((c) => c.close()));
  } finally {
    await opsSala(api, { eventoId: id, accion: 'cerrar', motivo: 'fin de la prueba e2e' });
  }
});
