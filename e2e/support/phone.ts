import type { Page } from '@playwright/test';
import { uniqueEmail } from './accounts';
import { expect } from './fixtures';
import { countdown, eventoId, openSeatPage, panel, pickSeats, seccion } from './purchase';

/** The demo's concert, whose numbered sections the phone layout tests buy in. */
export const LUNA = 'Luna Roja — Gira Eclipse';

/** A guest's live hold on one seat of `nombre`, the payment form under it. */
export async function holdOneSeat(page: Page, api: Parameters<typeof eventoId>[0], nombre: string) {
  const id = await eventoId(api, LUNA);
  const s = await seccion(api, id, nombre);
  await openSeatPage(page, id, s);
  await pickSeats(page, api, id, s, 1);
  await panel(page).getByLabel('Nombre', { exact: true }).fill('Ana López');
  await panel(page).getByLabel('Correo electrónico').fill(uniqueEmail('telefono'));
  await panel(page).getByRole('button', { name: 'Continuar' }).click();
  await expect(countdown(page)).toBeVisible();
}
