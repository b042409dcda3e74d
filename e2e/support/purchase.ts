import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

// The steps of a purchase the checkout specs share: the seed's events and sections through the
// API, seating's map driven by keyboard, checkout's panel and the general-admission modal.

export interface Seccion {
  id: number;
  nombre: string;
  tipo_seccion: string;
  asientosDisponibles: number;
  precioSeccion: number;
}
export interface Asiento {
  id: number;
  numero: number;
  estado: string;
  fila: string;
}

export async function eventoId(api: APIRequestContext, nombre: string): Promise<number> {
  const res = await api.get('/api/v1/eventos/get_all?tipoDispositivo=web');
  const { eventosFiltrados } = (await res.json()) as { eventosFiltrados: { id: number; nombre: string }[] };
  const evento = eventosFiltrados.find((e) => e.nombre === nombre);
  expect(evento, nombre).toBeTruthy();
  return evento!.id;
}

export async function seccion(api: APIRequestContext, id: number, nombre: string): Promise<Seccion> {
  const res = await api.get(`/api/v1/eventos/${id}/detalle_seccion/false/web`);
  const { secciones } = (await res.json()) as { secciones: Seccion[] };
  const found = secciones.find((s) => s.nombre === nombre);
  expect(found, nombre).toBeTruthy();
  return found!;
}

export async function asientos(api: APIRequestContext, id: number, seccionId: number): Promise<Asiento[]> {
  const res = await api.get(`/api/v1/eventos/${id}/${seccionId}/filas_por_seccion`);
  const { filas } = (await res.json()) as { filas: { asientos: Asiento[] }[] };
  return filas.flatMap((f) => f.asientos);
}

/**
 * The seats' states as filas_por_seccion serves them: a snapshot rebuilt once a change is
 * announced (decision 0028), so a change shows a moment later — ask with expect.poll.
 */
export async function estadoDe(api: APIRequestContext, id: number, seccionId: number, asientoIds: number[]): Promise<string[]> {
  const all = await asientos(api, id, seccionId);
  return asientoIds.map((aid) => all.find((a) => a.id === aid)?.estado ?? 'desconocido');
}

export const panel = (page: Page) => page.getByRole('region', { name: 'Resumen de compra' });

export const countdown = (page: Page) => panel(page).getByRole('timer');

export async function openSeatPage(page: Page, id: number, s: Seccion) {
  await page.goto(`/eventos/${id}/${s.id}/${encodeURIComponent(s.nombre)}`);
  await expect(page.getByRole('heading', { name: `Sección: ${s.nombre}` })).toBeVisible();
  // Checkout's panel hears seating's selection from the moment it is in.
  await expect(panel(page).getByRole('button', { name: 'Continuar' })).toBeVisible();
}

/**
 * Picks `n` free seats on seating's map the way a keyboard user does (the map is one canvas:
 * focus lands on the first free seat, arrows move, Enter toggles, a live region reads each
 * seat out) and returns their ids, matched by row and number against the server's seats.
 */
export async function pickSeats(page: Page, api: APIRequestContext, id: number, s: Seccion, n: number): Promise<number[]> {
  const map = page.getByRole('application', { name: new RegExp(`^Asientos de ${s.nombre}`) });
  const spoken = page.getByRole('status').filter({ hasText: /^Fila / });
  await map.focus();
  const picked: { fila: string; numero: number }[] = [];
  for (let k = 0; k < n; k++) {
    if (k > 0) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(spoken).toContainText(': seleccionado');
    const [, fila, numero] = /^Fila (\S+), asiento (\d+)/.exec((await spoken.textContent()) ?? '') ?? [];
    picked.push({ fila: fila!, numero: Number(numero) });
  }
  const all = await asientos(api, id, s.id);
  return picked.map((p) => all.find((a) => a.fila === p.fila && a.numero === p.numero)!.id);
}

export async function openGeneralModal(page: Page, path: string, nombre: string): Promise<Locator> {
  await page.goto(path);
  // The modal listens once checkout's module is in (a click before that is not heard).
  await expect(page.locator('[data-remote="checkout"] [data-remote-version]')).toBeAttached();
  await page
    .getByRole('button', { name: new RegExp(`^${nombre}\\b`) })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: `Boletos: ${nombre}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

export const totals = (scope: Locator, name = 'Totales de la compra') => scope.getByRole('region', { name });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The amount of a summary line (`dt` label, `dd` amount) in a totals region. */
export const amountIn = (region: Locator, label: string | RegExp) =>
  region.locator('dt', { hasText: typeof label === 'string' ? new RegExp(`^${escapeRegExp(label)}$`) : label }).locator('xpath=following-sibling::dd');
/** The amount of a line of the hold's 'Totales de la compra' inside `scope`. */
export const amountOf = (scope: Locator, label: string | RegExp) => amountIn(totals(scope), label);

/** The card form filled with a sandbox card (README "Pagos de prueba: tarjetas"). */
export async function fillCard(scope: Locator, number = '4111111111111111') {
  await scope.getByLabel('Nombre del titular').fill('Ana Prueba');
  await scope.getByLabel('Número de tarjeta').fill(number);
  await scope.getByLabel('Vencimiento (MM/AA)').fill('1230');
  await scope.getByLabel('CVV', { exact: true }).fill('123');
}

/** 'Pagar', then the confirmation with the summary's total; returns that total as shown. */
export async function pay(page: Page, scope: Locator): Promise<string> {
  const total = (await amountOf(scope, 'Total').textContent())!;
  await scope.getByRole('button', { name: 'Pagar', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmar compra' });
  await expect(confirm).toHaveText(new RegExp(`Vas a pagar ${escapeRegExp(total)} por tus boletos\\.`));
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  return total;
}

/** Step 1 of the general-admission modal as a guest, one place: 'Siguiente' holds it. */
export async function holdGeneralAsGuest(dialog: Locator, email: string) {
  await dialog.getByLabel('Nombre', { exact: true }).fill('Ana López');
  await dialog.getByLabel('Correo electrónico').fill(email);
  await dialog.getByRole('button', { name: 'Siguiente' }).click();
  await expect(dialog.getByRole('timer')).toBeVisible();
}
