import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'Secreta1';

export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@ejemplo.mx`;
}

export interface Buyer {
  fullName: string;
  email: string;
  password: string;
  token: string;
}

/**
 * A registered buyer with a verified e-mail, made through the real API and the local mailbox
 * (register → verification e-mail → the token from its link → verify → login), as a person
 * would, without clicking through the screens `auth.spec.ts` already covers.
 */
export async function createVerifiedBuyer(api: APIRequestContext, fullName = 'Comprador Prueba'): Promise<Buyer> {
  const email = uniqueEmail('comprador');
  expect((await api.post('/api/v1/auth/register', { data: { fullName, email, password: PASSWORD } })).status()).toBe(201);
  expect((await api.post(`/api/v1/correos/send-verification-email/${encodeURIComponent(email)}`)).ok()).toBe(true);

  let messageId = '';
  await expect
    .poll(async () => {
      const list = await (await api.get(`/dev/correos?para=${encodeURIComponent(email)}`)).text();
      messageId = /href="\/dev\/correos\/([0-9a-f-]{36})"/.exec(list)?.[1] ?? '';
      return messageId;
    })
    .not.toBe('');
  const mail = await (await api.get(`/dev/correos/${messageId}`)).text();
  const token = /\/auth\/verify\/([A-Za-z0-9_-]{43})/.exec(mail)?.[1];
  expect(token, 'enlace de verificación en el correo').toBeTruthy();
  expect((await api.post('/api/v1/auth/verify-email', { data: { token } })).ok()).toBe(true);

  const login = await api.post('/api/v1/auth/login', { data: { email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  const body = (await login.json()) as { token: string };
  return { fullName, email, password: PASSWORD, token: body.token };
}

/** Starts the page signed in as `buyer` (the shell reads the token from localStorage and checks it). */
export async function signInAs(page: Page, buyer: Buyer): Promise<void> {
  await page.goto('/legales/terminos_y_condiciones');
  await page.evaluate((token) => localStorage.setItem('token', token), buyer.token);
}
