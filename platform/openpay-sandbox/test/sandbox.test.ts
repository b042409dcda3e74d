import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenpaySandbox, type Json } from '../src/index';

/**
 * The sandbox alone, as the API tests and the dev start use it: what only it does beside
 * Openpay's REST API (which api/test/pagos-openpay*.test.ts drive through the real adapter) —
 * the till and its notifications, the due date, the browser's cross-origin token call.
 */

const events: Json[] = [];
let sandbox: Awaited<ReturnType<typeof startOpenpaySandbox>>;
const auth = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

beforeAll(async () => {
  sandbox = await startOpenpaySandbox({ webhook: async (event) => events.push(event) });
});
afterAll(async () => sandbox?.close());

async function referenceCharge(method: 'store' | 'bank_account', dueInMs = 3600_000): Promise<Json> {
  const res = await fetch(`${sandbox.url}/v1/${sandbox.merchantId}/charges`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: auth(sandbox.privateKey) },
    body: JSON.stringify({
      method,
      amount: 250.5,
      description: 'Boletos',
      order_id: `o-${Math.random()}`,
      due_date: new Date(Date.now() + dueInMs).toISOString(),
      customer: { name: 'Ana', email: 'ana@example.com' },
    }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
}

const till = (path: string, accion?: string) =>
  fetch(
    `${sandbox.url}${path}`,
    accion
      ? { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `accion=${accion}`, redirect: 'manual' }
      : { redirect: 'manual' },
  );

describe('the till (cash and SPEI)', () => {
  it('finds a reference by what a tester types, pays it once and notifies charge.succeeded', async () => {
    const charge = await referenceCharge('store');
    const reference = (charge.payment_method as { reference: string }).reference;
    const found = await till(`/pagos?referencia=${reference.replace(/(\d{4})/g, '$1 ')}`);
    expect([found.status, found.headers.get('location')]).toEqual([303, `/pagos/${charge.id}`]);
    const page = await (await till(`/pagos/${charge.id}`)).text();
    expect(page).toContain('$250.50');
    expect(page).toContain('Pendiente de pago');
    events.length = 0;
    expect(await (await till(`/pagos/${charge.id}`, 'pagar')).text()).toContain('Pago recibido');
    expect(events).toEqual([
      expect.objectContaining({ type: 'charge.succeeded', transaction: expect.objectContaining({ id: charge.id, status: 'completed' }) }),
    ]);
    expect(sandbox.charges.get(String(charge.id))).toMatchObject({ status: 'completed', authorization: expect.stringMatching(/^\d{6}$/) });
    // Letting it expire afterwards changes nothing.
    expect(await (await till(`/pagos/${charge.id}`, 'vencer')).text()).not.toContain('Referencia vencida');
    expect(sandbox.charges.get(String(charge.id))?.status).toBe('completed');
  });

  it('a SPEI transfer let expire is cancelled and notified; unknown references and actions change nothing', async () => {
    const charge = await referenceCharge('bank_account');
    events.length = 0;
    expect(await (await till(`/pagos/${charge.id}`, 'vencer')).text()).toContain('Referencia vencida');
    expect(events.map((e) => e.type)).toEqual(['charge.cancelled']);
    expect((await till('/pagos?referencia=123456')).status).toBe(404);
    expect((await till(`/pagos/${charge.id}`, 'robar')).status).toBe(400);
    expect((await till('/pagos/..%2Fetc', 'pagar')).status).toBe(404);
  });

  it('an unpaid reference reads as cancelled once its due date passes, and can no longer be paid', async () => {
    const charge = await referenceCharge('store', 50);
    await new Promise((r) => setTimeout(r, 80));
    const read = await fetch(`${sandbox.url}/v1/${sandbox.merchantId}/charges/${charge.id}`, { headers: { authorization: auth(sandbox.privateKey) } });
    expect(((await read.json()) as Json).status).toBe('cancelled');
    expect(sandbox.payReference(String(charge.id))?.status).toBe('cancelled');
  });
});

describe('what browsers call', () => {
  it('the token endpoint answers the browser cross-origin, with the public key only', async () => {
    const preflight = await fetch(`${sandbox.url}/v1/${sandbox.merchantId}/tokens`, {
      method: 'OPTIONS',
      headers: { origin: 'http://tienda.localhost', 'access-control-request-method': 'POST' },
    });
    expect([preflight.status, preflight.headers.get('access-control-allow-origin')]).toEqual([204, '*']);
    const token = await sandbox.createToken({ card_number: '378282246310005', cvv2: '1234' });
    expect(token).toMatchObject({ status: 201, body: { card: { brand: 'american_express', card_number: '378282XXXXX0005' } } });
    const charges = await fetch(`${sandbox.url}/v1/${sandbox.merchantId}/charges`, { headers: { authorization: auth(sandbox.publicKey) } });
    expect(((await charges.json()) as Json).error_code).toBe(1010);
  });

  it('serves OpenPay.js as one script, and the barcode of a reference', async () => {
    const js = await fetch(`${sandbox.url}/openpay.js`);
    expect(js.headers.get('content-type')).toContain('application/javascript');
    expect(await js.text()).toContain('OpenPay');
    const png = await fetch(`${sandbox.url}/codigo/91234567890123456789.png`);
    expect([png.status, png.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect((await fetch(`${sandbox.url}/codigo/abc.png`)).status).toBe(404);
  });
});
