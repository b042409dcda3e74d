import { webcrypto } from 'node:crypto';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_MERCHANT_ID, SANDBOX_PUBLIC_KEY } from './support/http-sale';
import { buildSandboxApp, type SandboxApp } from './support/sandbox';

/** The Openpay sandbox's OpenPay.js, mounted on the shop at /sandbox, run as a browser would against our server. */

let t: SandboxApp;
const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');

beforeAll(async () => {
  t = await buildSandboxApp();
});
afterAll(async () => t?.close());

describe('the browser script (OpenPay.js twin)', () => {
  it('is served as JavaScript and tokenises a card through the sandbox, like Openpay.js', async () => {
    const res = await t.app.inject('/sandbox/openpay.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/javascript');

    // Run it as a browser would, its fetch answered by our server.
    const hidden: Record<string, string>[] = [];
    const field = (name: string, value: string) => ({ value, getAttribute: () => name });
    const form = {
      appendChild: (el: Record<string, string>) => hidden.push(el),
      querySelectorAll: () => [
        field('card_number', '5555 5555 5555 4444'),
        field('holder_name', 'Beto Ruiz'),
        field('expiration_month', '11'),
        field('expiration_year', nextYear),
        field('cvv2', '321'),
      ],
    };
    const window: Record<string, unknown> = {};
    const context = {
      window,
      location: { href: 'http://localhost/eventos', origin: 'http://localhost' },
      document: {
        currentScript: { src: 'http://localhost/sandbox/openpay.js' },
        getElementById: (id: string) => (id === 'pago' ? form : null),
        createElement: () => ({}),
      },
      URL,
      btoa,
      crypto: webcrypto,
      fetch: async (url: string, init: { method: string; headers: Record<string, string>; body: string }) => {
        const r = await t.app.inject({ method: init.method as 'POST', url: new URL(url).pathname, headers: init.headers, payload: init.body });
        return { ok: r.statusCode < 300, status: r.statusCode, json: async () => r.json() };
      },
    };
    vm.runInNewContext(res.body, context);
    type Callback = (r: { data: Record<string, unknown>; status: number }) => void;
    const OpenPay = window.OpenPay as {
      setId(id: string): void;
      setApiKey(k: string): void;
      setSandboxMode(f: boolean): void;
      getSandboxMode(): boolean;
      token: { create(card: object, ok: Callback, fail: Callback): void };
      deviceData: { setup(formId?: string, name?: string): string };
      card: {
        validateCardNumber(n: string): boolean;
        validateCVC(c: string, n?: string): boolean;
        validateExpiry(m: string, y: string): boolean;
        cardType(n: string): string;
      };
    };
    OpenPay.setId(SANDBOX_MERCHANT_ID);
    OpenPay.setApiKey(SANDBOX_PUBLIC_KEY);
    OpenPay.setSandboxMode(true);
    expect(OpenPay.getSandboxMode()).toBe(true);
    const session = OpenPay.deviceData.setup('pago', 'deviceIdHiddenFieldName');
    expect(session).toMatch(/^[0-9a-f]{32}$/);
    expect(hidden[0]).toMatchObject({ type: 'hidden', name: 'deviceIdHiddenFieldName', value: session });
    expect(OpenPay.card.validateCardNumber('4111 1111 1111 1111')).toBe(true);
    expect(OpenPay.card.validateCardNumber('4111 1111 1111 1112')).toBe(false);
    expect(OpenPay.card.cardType('5555555555554444')).toBe('Mastercard');
    expect(OpenPay.card.validateExpiry('01', '20')).toBe(false);

    const created = await new Promise<{ data: Record<string, unknown>; status: number }>((resolve, reject) =>
      OpenPay.token.create(
        { card_number: '4111 1111 1111 1111', holder_name: 'Ana López', expiration_month: '12', expiration_year: nextYear, cvv2: '123' },
        resolve,
        reject,
      ),
    );
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ id: expect.any(String), card: { card_number: '411111XXXXXX1111', brand: 'visa', holder_name: 'Ana López' } });

    const fromForm = await new Promise<{ data: Record<string, unknown>; status: number }>((resolve, reject) =>
      (OpenPay.token as unknown as { extractFormAndCreate(f: string, ok: Callback, fail: Callback): void }).extractFormAndCreate('pago', resolve, reject),
    );
    expect(fromForm.data).toMatchObject({ card: { card_number: '555555XXXXXX4444', brand: 'mastercard', holder_name: 'Beto Ruiz', expiration_month: '11' } });

    const refused = await new Promise<{ data: Record<string, unknown>; status: number }>((resolve, reject) =>
      OpenPay.token.create(
        { card_number: '4111111111111112', holder_name: 'Ana', expiration_month: '12', expiration_year: nextYear, cvv2: '123' },
        reject,
        resolve,
      ),
    );
    expect(refused).toMatchObject({ status: 422, data: { error_code: 2004, http_code: 422, category: 'request' } });
  });
});
