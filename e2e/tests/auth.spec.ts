import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// Accounts over the real API and the local mailbox (no SMTP in e2e): register → verification
// e-mail → verify → sign in → session survives a reload → sign out; forgot → reset → sign in;
// every login/register validation message after touching the field.

const PASSWORD = 'Secreta1';

function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@ejemplo.mx`;
}

/** Opens the newest message to `to` in the local mailbox page and follows its button. */
async function followMailLink(page: Page, to: string, subject: string, button: string) {
  await page.goto(`/dev/correos?para=${encodeURIComponent(to)}`);
  await page.getByRole('link', { name: subject }).first().click();
  await expect(page.getByText(`Para: ${to}`, { exact: false })).toBeVisible();
  await page.getByRole('link', { name: button }).click();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Correo').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

const header = (page: Page) => page.getByRole('banner');

test('register, verify from the mailbox, sign in, reload keeps the session, sign out', async ({ page }) => {
  const email = uniqueEmail('registro');
  await page.goto('/auth/register');
  await expect(page.getByText('Bienvenido a Taquilla')).toBeVisible();
  await expect(page.getByText('La contraseña debe tener una mayúscula, una minúscula, un número y al menos 6 caracteres')).toBeVisible();
  await page.getByLabel('Nombre completo').fill('Ana Prueba');
  await page.getByLabel('Correo').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repetir contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();

  const sent = page.getByRole('dialog');
  await expect(sent).toContainText('Se ha enviado un correo de verificación. Revisa tu bandeja de entrada.');
  await sent.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  // Not verified yet: signing in is refused with the spec's dialog.
  await signIn(page, email, PASSWORD);
  const required = page.getByRole('alertdialog');
  await expect(required).toContainText('Verificación requerida. Debes verificar tu correo para acceder.');
  await required.getByRole('button', { name: 'Entendido' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await followMailLink(page, email, 'Verifica tu correo en Taquilla', 'Verificar mi correo');
  await expect(page).toHaveURL(/\/auth\/verify\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText('Tu correo ha sido verificado. Ya puedes iniciar sesión.')).toBeVisible();

  await signIn(page, email, PASSWORD);
  await expect(header(page).getByRole('link', { name: 'Mis eventos' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/auth\//);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  await page.reload();
  await expect(header(page).getByRole('link', { name: 'Mis eventos' })).toBeVisible();
  // Signed in, the auth screens send the visitor home.
  await page.goto('/auth/login');
  await expect(page).not.toHaveURL(/\/auth\/login/);

  await header(page)
    .getByRole('button', { name: /Ana Prueba/ })
    .click();
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(header(page).getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Mis eventos' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('wrong password: the server message in an error dialog', async ({ page, api }) => {
  const email = uniqueEmail('clave');
  expect((await api.post('/api/v1/auth/register', { data: { fullName: 'Ana Prueba', email, password: PASSWORD } })).status()).toBe(201);
  await signIn(page, email, 'Incorrecta9');
  await expect(page.getByRole('alertdialog')).toContainText('Credenciales incorrectas');
});

test('forgot password, reset from the mailbox, sign in with the new password', async ({ page, api }) => {
  const email = uniqueEmail('olvido');
  expect((await api.post('/api/v1/auth/register', { data: { fullName: 'Ana Prueba', email, password: PASSWORD } })).status()).toBe(201);

  await page.goto('/auth/login');
  await page.getByRole('link', { name: /olvidaste tu contraseña/i }).click();
  await expect(page).toHaveURL(/\/auth\/forgot$/);
  await page.getByLabel('Correo').fill(email);
  await page.getByRole('button', { name: 'Recuperar Contraseña' }).click();
  await expect(page.getByRole('dialog')).toContainText('Hemos enviado un correo con instrucciones para restablecer tu contraseña.');

  await followMailLink(page, email, 'Restablece tu contraseña de Taquilla', 'Restablecer contraseña');
  await expect(page).toHaveURL(/\/auth\/reset\/[A-Za-z0-9_-]{43}$/);
  await page.getByLabel('Nueva contraseña').fill('NuevaClave9');
  await page.getByLabel('Repetir contraseña').fill('NuevaClave9');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  const done = page.getByRole('dialog');
  await expect(done).toContainText('Tu contraseña se ha actualizado. Ya puedes iniciar sesión.');
  await done.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await page.getByLabel('Correo').fill(email);
  await page.getByLabel('Contraseña').fill('NuevaClave9');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(header(page).getByRole('link', { name: 'Mis eventos' })).toBeVisible();
});

/** Types `value` (or nothing) into the field, leaves it, and expects `message`. */
async function expectMessage(page: Page, label: string, value: string, message: string, exact = false) {
  const field = page.getByLabel(label, { exact });
  await field.fill(value);
  await field.blur();
  await expect(page.getByText(message, { exact: true })).toBeVisible();
}

test('every login validation message appears once the field is touched', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByText('Debes ingresar el correo')).toHaveCount(0);
  await page.getByLabel('Correo').focus();
  await page.getByLabel('Correo').blur();
  await expect(page.getByText('Debes ingresar el correo', { exact: true })).toBeVisible();
  await expectMessage(page, 'Correo', 'ana@', 'Debes ingresar un correo válido');
  await page.getByLabel('Contraseña').focus();
  await page.getByLabel('Contraseña').blur();
  await expect(page.getByText('Debes ingresar una contraseña', { exact: true })).toBeVisible();
  await expectMessage(page, 'Contraseña', '123', 'La contraseña debe tener al menos 6 caracteres');
});

test('auth pages have a main landmark, and an error is not coloured like a hint', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('main')).toHaveCount(1);
  await page.getByLabel('Correo').focus();
  await page.getByLabel('Correo').blur();
  const error = page.getByText('Debes ingresar el correo', { exact: true });
  await expect(error).toBeVisible();
  const color = (el: Element) => getComputedStyle(el).color;
  const intro = page.getByText('Ingresa con tu correo y contraseña.');
  // An error is red-ish: more red than green and blue, unlike the grey text around it.
  const [r, g, b] = (await error.evaluate(color)).match(/\d+/g)!.map(Number);
  expect(r! - Math.max(g!, b!)).toBeGreaterThan(60);
  expect(await error.evaluate(color)).not.toBe(await intro.evaluate(color));
});

test('every register validation message appears once the field is touched', async ({ page }) => {
  await page.goto('/auth/register');
  for (const message of ['El nombre es obligatorio', 'El correo es obligatorio', 'La contraseña es obligatoria', 'Debes repetir la contraseña']) {
    await expect(page.getByText(message)).toHaveCount(0);
  }
  await expectMessage(page, 'Nombre completo', '', 'El nombre es obligatorio');
  await expectMessage(page, 'Correo', '', 'El correo es obligatorio');
  await expectMessage(page, 'Correo', 'ana', 'El correo debe ser de un dominio válido');
  await expectMessage(page, 'Contraseña', '', 'La contraseña es obligatoria', true);
  await expectMessage(page, 'Contraseña', 'Ab1', 'Debe tener al menos 6 caracteres', true);
  await expectMessage(page, 'Contraseña', 'abcdef1', 'Debe contener al menos una mayúscula', true);
  await expectMessage(page, 'Contraseña', 'ABCDEF1', 'Debe contener al menos una minúscula', true);
  await expectMessage(page, 'Contraseña', 'Abcdefg', 'Debe contener al menos un número', true);
  await expectMessage(page, 'Repetir contraseña', '', 'Debes repetir la contraseña');
  await expectMessage(page, 'Repetir contraseña', 'Otra1234', 'Las contraseñas no coinciden');
});

test('forgot password: empty address message, and a link back to sign in', async ({ page }) => {
  await page.goto('/auth/forgot');
  await page.getByLabel('Correo').focus();
  await page.getByLabel('Correo').blur();
  await expect(page.getByText('Por favor, ingresa un correo electrónico.')).toBeVisible();
  await page.getByRole('link', { name: 'Volver a iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});
