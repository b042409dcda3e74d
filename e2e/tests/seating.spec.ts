import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { busLog, recordBus } from '../support/bus';
import { uniqueEmail } from '../support/accounts';
import { asientos, countdown, openSeatPage, panel, pickSeats, seccion } from '../support/purchase';

// The seating remote's seat page over the demo seed: selection, the checkout panel beside it,
// keyboard, and live holds from another buyer (through the stream and on top of the seat
// snapshot). The venue map: venue-map.spec.ts.

test.describe('seat page', () => {
  // Sección 101 of event 1: 8 rows × 16 seats, 24 px cells; C1 and C2 are 'ocupado'.
  const CELL = 24;
  const seat = (col: number, row: number) => ({ x: col * CELL + CELL / 2, y: row * CELL + CELL / 2 });

  async function openSection101(page: Page) {
    await page.goto('/eventos/1');
    await page.getByRole('button', { name: /^Sección 101,/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sección: Sección 101' })).toBeVisible();
    return page.getByRole('application', { name: /Asientos de Sección 101/ });
  }

  test('shows rows on both sides and the legend; clicking seats selects and releases them in the panel', async ({ page }) => {
    const canvas = await openSection101(page);
    await expect(page.getByText('H', { exact: true })).toHaveCount(2);
    const legend = page.getByRole('list', { name: 'Simbología de asientos' });
    for (const label of ['Seleccionado', 'Disponible', 'Reservado', 'Ocupado', 'Vendido', 'Bloqueado', 'Inaccesible', 'Cortesía']) {
      await expect(legend).toContainText(label);
    }
    await expect(page.getByText('No has seleccionado asientos.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Volver al evento' })).toHaveAttribute('href', '/eventos/1');

    await recordBus(page, 'seating:selection-changed');
    await canvas.click({ position: seat(15, 7) });
    await canvas.click({ position: seat(14, 7) });
    const list = page.getByRole('list', { name: 'Asientos seleccionados' });
    await expect(page.getByText('2 asientos seleccionados')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveText([/Lateral · Fila H, asiento 15\s*\$1,100\.00/, /Lateral · Fila H, asiento 16\s*\$1,100\.00/]);
    await expect(page.getByRole('button', { name: 'Ver resumen' })).toBeVisible();

    // hovering a seat: category and price
    await canvas.hover({ position: seat(13, 7) });
    await expect(page.getByRole('tooltip')).toContainText('Fila H, asiento 14');
    await expect(page.getByRole('tooltip')).toContainText('$1,100.00');

    // an occupied seat does not toggle
    await canvas.click({ position: seat(0, 2) });
    await expect(page.getByRole('tooltip')).toContainText('Ocupado');
    await expect(page.getByRole('tooltip')).toContainText('Precio final $1,424.50 (cargos e IVA incluidos)');
    await expect(page.getByText('2 asientos seleccionados')).toBeVisible();

    await canvas.click({ position: seat(15, 7) });
    await canvas.click({ position: seat(14, 7) });
    await expect(page.getByText('No has seleccionado asientos.')).toBeVisible();
    const log = (await busLog(page)) as { asientos: { fila: string; numero: number; precio: number }[] }[];
    expect(log.map((e) => e.asientos.map((a) => `${a.fila}${a.numero}:${a.precio}`))).toEqual([
      ['H16:110000'],
      ['H15:110000', 'H16:110000'],
      ['H15:110000'],
      [],
    ]);
  });

  test('by keyboard: arrows move over the seats, Enter selects, the focused seat is read out', async ({ page }) => {
    const canvas = await openSection101(page);
    await canvas.focus();
    const status = page.getByRole('status').filter({ hasText: /Fila/ });
    await expect(status).toHaveText(/^Fila A, asiento 1: disponible, Lateral, \$1,100\.00, \$1,424\.50 con cargos e IVA\.$/);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(status).toHaveText(/^Fila C, asiento 1: ocupado, Lateral, \$1,100\.00, \$1,424\.50 con cargos e IVA\.$/);
    await page.keyboard.press('Enter');
    await expect(page.getByText('No has seleccionado asientos.')).toBeVisible();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect(status).toHaveText(/^Fila C, asiento 16: seleccionado/);
    await expect(page.getByRole('list', { name: 'Asientos seleccionados' })).toContainText('Fila C, asiento 16');
    await page.keyboard.press('Space');
    await expect(page.getByText('No has seleccionado asientos.')).toBeVisible();
  });

  test('a click focuses the map without the keyboard ring; the first arrow shows it beside the clicked seat', async ({ page }) => {
    const canvas = await openSection101(page);
    const ring = page.locator('.seat-focus');
    await canvas.click({ position: seat(15, 7) });
    await expect(page.getByText('1 asiento seleccionado')).toBeVisible();
    expect(await canvas.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect(ring).toHaveCount(0);
    await page.keyboard.press('ArrowLeft');
    await expect(ring).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: /Fila/ })).toHaveText(/^Fila H, asiento 15: disponible/);
  });

  test('a section that does not exist is an alert, then the event list', async ({ page }) => {
    await page.goto('/eventos/1/999999/Inventada');
    await expect(page).toHaveURL(/\/eventos$/);
    await expect(page.getByText('La sección no existe para este evento.')).toBeVisible();
  });

  test('a table section (esMesa) selects the whole table', async ({ page, api }) => {
    const { secciones } = await (await api.get('/api/v1/eventos/11/detalle_seccion/false/web')).json();
    const plata = secciones.find((s: { nombre: string }) => s.nombre === 'Mesas Plata');
    await page.goto(`/eventos/11/${plata.id}/Mesas%20Plata`);
    const canvas = page.getByRole('application', { name: /Asientos de Mesas Plata/ });
    await canvas.click({ position: { x: 12, y: 12 } });
    await expect(page.getByText('8 asientos seleccionados')).toBeVisible();
    await canvas.click({ position: { x: 36, y: 12 } });
    await expect(page.getByText('No has seleccionado asientos.')).toBeVisible();
  });
});

test.describe('live availability', () => {
  // Sección 102 of event 1 (8 rows × 16 seats, 24 px cells), used only here.
  const CELL = 24;
  const seat = (col: number, row: number) => ({ x: col * CELL + CELL / 2, y: row * CELL + CELL / 2 });

  test("two buyers' maps show a hold made elsewhere without reloading, and its release", async ({ browser, page, api }) => {
    const { secciones } = await (await api.get('/api/v1/eventos/1/detalle_seccion/false/web')).json();
    const s102 = secciones.find((s: { nombre: string }) => s.nombre === 'Sección 102');
    const filas = (await (await api.get(`/api/v1/eventos/1/${s102.id}/filas_por_seccion`)).json()).filas as {
      nombre: string;
      asientos: { id: number; numero: number }[];
    }[];
    const idOf = (fila: string, numero: number) => filas.find((f) => f.nombre === fila)!.asientos.find((a) => a.numero === numero)!.id;
    const url = `/eventos/1/${s102.id}/Secci%C3%B3n%20102`;

    const other = await browser.newContext();
    const second = await other.newPage();
    try {
      await page.goto(url);
      await second.goto(url);
      const canvas = page.getByRole('application', { name: /Asientos de Sección 102/ });
      const canvas2 = second.getByRole('application', { name: /Asientos de Sección 102/ });
      await expect(canvas2).toBeVisible();
      // the first buyer picks G1, which the hold below is about to take
      await canvas.click({ position: seat(0, 6) });
      await expect(page.getByText('1 asiento seleccionado')).toBeVisible();

      const hold = await api.post('/api/v1/eventos/1/reservarInvitado', {
        data: { nombre: 'Otra Persona', correo: `live-${Date.now()}@example.com`, asientosReserva: [{ id: idOf('G', 1) }, { id: idOf('H', 1) }] },
      });
      expect(hold.status(), await hold.text()).toBeLessThan(300);
      const { reservaId } = await hold.json();

      for (const p of [page, second]) {
        const c = p === page ? canvas : canvas2;
        await expect(async () => {
          await c.hover({ position: seat(0, 7) });
          await expect(p.getByRole('tooltip')).toContainText('Reservado', { timeout: 500 });
        }).toPass({ timeout: 5000 });
      }
      // the seat the first buyer had selected is gone from the selection, with a message
      await expect(page.getByText('No has seleccionado asientos.')).toBeVisible();
      await expect(page.getByText('Uno de tus asientos acaba de ser apartado por alguien más')).toBeVisible();
      await canvas.click({ position: seat(0, 7) });
      await expect(page.getByText('No has seleccionado asientos.')).toBeVisible();

      const cancel = await api.post('/api/v1/eventos/1/cancelar', { data: { reservaId, esGeneral: false } });
      expect(cancel.status(), await cancel.text()).toBeLessThan(300);
      await expect(async () => {
        await canvas2.hover({ position: seat(0, 7) });
        await expect(second.getByRole('tooltip')).toContainText('Disponible', { timeout: 500 });
      }).toPass({ timeout: 5000 });
    } finally {
      await other.close();
    }
  });
});

test.describe('live availability on top of the seat snapshot', () => {
  // Sección 103 of event 1, used only here: the snapshot (filas_por_seccion, versioned) and the
  // stream opened from its version (`?seccion=&desde=`).
  const CELL = 24;
  const cell = (col: number, row: number) => ({ x: col * CELL + CELL / 2, y: row * CELL + CELL / 2 });

  test("a hold made in one browser reaches another browser's map as a delta, without re-reading the seats", async ({ browser, page, api }) => {
    const s = await seccion(api, 1, 'Sección 103');
    const other = await browser.newContext();
    const second = await other.newPage();
    const seatReads: string[] = [];
    const streams: string[] = [];
    second.on('request', (r) => {
      if (r.url().includes('/filas_por_seccion')) seatReads.push(r.url());
      if (r.url().includes('/disponibilidad')) streams.push(r.url());
    });
    try {
      await openSeatPage(second, 1, s);
      await openSeatPage(page, 1, s);
      // The second map took its snapshot from the page (a seat page carries it, decision 0048)
      // and opened the stream from its version.
      await expect.poll(() => streams.some((u) => new RegExp(`seccion=${s.id}&desde=\\d+`).test(u))).toBe(true);
      expect(seatReads).toHaveLength(0);

      // The first buyer holds two seats through checkout, as a guest.
      const ids = await pickSeats(page, api, 1, s, 2);
      await panel(page).getByLabel('Nombre').fill('Invitada Prueba');
      await panel(page).getByLabel('Correo electrónico').fill(uniqueEmail('vivo'));
      await panel(page).getByRole('button', { name: 'Continuar' }).click();
      await expect(countdown(page)).toBeVisible();

      // The second map shows them held, from the stream's delta alone.
      const all = await asientos(api, 1, s.id);
      const filas = [...new Set(all.map((a) => a.fila))];
      const canvas2 = second.getByRole('application', { name: /Asientos de Sección 103/ });
      for (const id of ids) {
        const a = all.find((x) => x.id === id)!;
        await expect(async () => {
          await canvas2.hover({ position: cell(a.numero - 1, filas.indexOf(a.fila)) });
          await expect(second.getByRole('tooltip')).toContainText('Reservado', { timeout: 500 });
        }).toPass({ timeout: 5000 });
      }
      expect(seatReads).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});
