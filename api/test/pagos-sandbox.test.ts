import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { loggerOptions } from '../src/lib/logger';
import { OpenpayGateway } from '../src/modules/pagos/gateway/openpay.gateway';
import type { CreateChargeInput, PaymentGateway } from '../src/modules/pagos/gateway/gateway.types';
import { SANDBOX_MERCHANT_ID, SANDBOX_PUBLIC_KEY } from './support/http-sale';
import { buildSandboxApp, rejection, type SandboxApp } from './support/sandbox';

/**
 * The Openpay sandbox as the shop runs it in development (platform/openpay-sandbox, its browser
 * side mounted at /sandbox), through the app's own gateway (Openpay's adapter): token endpoint,
 * charges, 3-D Secure bank page, customers and cards.
 */

let t: SandboxApp;
let gateway: PaymentGateway;
const logLines: string[] = [];
const RETURN = 'http://localhost:3000/terminar_compra/r-1?esGeneral=false';
const auth = `Basic ${Buffer.from(`${SANDBOX_PUBLIC_KEY}:`).toString('base64')}`;
const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
let order = 0;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await buildSandboxApp({ logger: { ...(loggerOptions('trace') as object), stream } });
  gateway = t.app.pagos.gateway!;
});
afterAll(async () => t?.close());

function postToken(card: Record<string, unknown>, headers: Record<string, string> = { authorization: auth }) {
  return t.app.inject({
    method: 'POST',
    url: `/sandbox/v1/${SANDBOX_MERCHANT_ID}/tokens`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ holder_name: 'Ana López', expiration_month: '12', expiration_year: nextYear, cvv2: '123', ...card }),
  });
}

async function token(card_number: string): Promise<string> {
  const res = await postToken({ card_number });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

async function input(card: string, over: Partial<CreateChargeInput> = {}): Promise<CreateChargeInput> {
  return {
    orderId: `sandbox-${process.pid}-${++order}`,
    amount: 12345,
    description: 'Boletos Luna Roja',
    sourceId: await token(card),
    deviceSessionId: 'device-session-1',
    customer: { name: 'Ana', email: 'ana@example.com' },
    use3ds: false,
    redirectUrl: RETURN,
    ...over,
  };
}

const authorize = (chargeId: string, accion: string) =>
  t.app.inject({
    method: 'POST',
    url: `/sandbox/3ds/${chargeId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `accion=${accion}`,
  });

/** Every row of every table, as text: what a database dump would show. */
async function dump(): Promise<Set<string>> {
  const tables = await queryRows<{ name: string }>(
    t.database.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const rows = new Set<string>();
  for (const { name } of tables) {
    for (const r of await queryRows<{ row: string }>(t.database.db, sql`select t::text as row from ${sql.identifier(name)} t`)) rows.add(`${name}:${r.row}`);
  }
  return rows;
}

describe('token endpoint', () => {
  it('answers Openpay error objects: wrong key 1002, bad number 1001, Luhn 2004, expired 2005, no CVV 2006', async () => {
    const wrongKey = await postToken({ card_number: '4111111111111111' }, { authorization: `Basic ${Buffer.from('pk_otra:').toString('base64')}` });
    expect(wrongKey.statusCode).toBe(401);
    expect(wrongKey.json()).toMatchObject({
      error_code: 1002,
      http_code: 401,
      category: 'request',
      request_id: expect.any(String),
      description: expect.any(String),
    });
    expect((await postToken({ card_number: '4111111111111111' }, {})).json().error_code).toBe(1002);
    expect((await postToken({ card_number: '41111' })).json()).toMatchObject({ error_code: 1001, http_code: 400 });
    expect((await postToken({ card_number: '4111111111111112' })).statusCode).toBe(422);
    expect((await postToken({ card_number: '4111111111111111', expiration_year: '20' })).json()).toMatchObject({ error_code: 2005, http_code: 400 });
    expect((await postToken({ card_number: '4111111111111111', cvv2: '' })).json()).toMatchObject({ error_code: 2006 });
    const badJson = await t.app.inject({
      method: 'POST',
      url: `/sandbox/v1/${SANDBOX_MERCHANT_ID}/tokens`,
      headers: { authorization: auth, 'content-type': 'application/json' },
      payload: '{"card_number":',
    });
    // Not the sandbox's own refusal: the API's one error handler answers, as on every route.
    expect([badJson.statusCode, badJson.json().code]).toEqual([400, 'JSON_INVALIDO']);
  });

  it('the shop keeps neither the card number nor the CVV: not in its database, not in its logs', async () => {
    const before = await dump();
    logLines.length = 0;
    const res = await postToken({ card_number: '4000000000003220', cvv2: '7391', holder_name: 'Prueba Sin Rastro' });
    expect(res.statusCode).toBe(201);
    await gateway.createCharge(await input('4111111111111111', { sourceId: res.json().id, use3ds: true }));
    const added = [...(await dump())].filter((row) => !before.has(row));
    // The CVV as a value of its own: timestamps, response times and random ids may contain
    // these four digits by chance inside longer numbers.
    const cvv = /(^|[^0-9.])7391([^0-9]|$)/;
    const text = added.join('\n');
    for (const secret of ['4000000000003220', '400000000000']) expect(text).not.toContain(secret);
    expect(text).not.toMatch(cvv);
    const logs = logLines.join('');
    expect(logs).toContain('/sandbox/v1/'); // the request itself was logged, at trace level
    expect(logs).not.toContain('4000000000003220');
    expect(logs).not.toMatch(cvv);
  });
});

describe('charges', () => {
  it('the approved card completes, with an authorization and the masked card', async () => {
    const charge = await gateway.createCharge(await input('4111111111111111'));
    expect(charge).toMatchObject({ status: 'completed', amount: 12345, card: { number: '411111XXXXXX1111', brand: 'visa', bank: 'Banco de Pruebas' } });
    expect(charge.authorization).toMatch(/^\d{6}$/);
    expect(await gateway.getCharge(charge.id)).toEqual(charge);
  });

  it.each([
    ['4222222222222220', 3001],
    ['4000000000000069', 3002],
    ['4444444444444448', 3003],
  ])('card %s is refused with %i; the failed charge keeps its order_id', async (card, code) => {
    const req = await input(card);
    const err = await rejection(gateway.createCharge(req));
    expect([err.errorCode, err.httpStatus, err.isCardDeclined]).toEqual([code, 402, true]);
    expect(await gateway.findChargeByOrderId(req.orderId)).toMatchObject({ status: 'failed', errorCode: code });
    expect((await rejection(gateway.createCharge({ ...req, sourceId: await token('4111111111111111') }))).errorCode).toBe(1006);
  });

  it('a replayed order_id is 1006 and leaves the token unused; a token charges once', async () => {
    const req = await input('4111111111111111');
    const first = await gateway.createCharge(req);
    const again = await input('4111111111111111', { orderId: req.orderId });
    expect((await rejection(gateway.createCharge(again))).isDuplicateOrder).toBe(true);
    expect((await gateway.createCharge({ ...again, orderId: `${again.orderId}-b` })).status).toBe('completed');
    expect((await rejection(gateway.createCharge({ ...req, orderId: `${req.orderId}-c` }))).errorCode).toBe(1005);
    expect((await gateway.findChargeByOrderId(req.orderId))?.id).toBe(first.id);
  });

  it('two processes charging the same order at once bill it once', async () => {
    const config = t.app.config.pagos;
    if (config.proveedor !== 'openpay') throw new Error('sin pasarela');
    const other = new OpenpayGateway(config);
    const a = await input('4111111111111111');
    const b = await input('4111111111111111', { orderId: a.orderId });
    const results = await Promise.allSettled([gateway.createCharge(a), other.createCharge(b)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.errorCode)).toEqual([1006]);
  });

  it('bad input is refused with Openpay codes, never a crash', async () => {
    expect((await rejection(gateway.createCharge(await input('4111111111111111', { amount: 0 })))).errorCode).toBe(1001);
    expect((await rejection(gateway.createCharge(await input('4111111111111111', { amount: 10.5 })))).errorCode).toBe(1001);
    expect((await rejection(gateway.createCharge(await input('4111111111111111', { use3ds: true, redirectUrl: 'javascript:alert(1)' })))).errorCode).toBe(1001);
    expect((await rejection(gateway.createCharge(await input('4111111111111111', { paymentPlan: { payments: 5 as 6 } })))).errorCode).toBe(1003);
    expect((await rejection(gateway.createCharge(await input('4111111111111111', { sourceId: "x'; drop table--" })))).errorCode).toBe(1005);
    expect((await rejection(gateway.getCharge('trnoexiste'))).errorCode).toBe(1005);
  });

  it('refund: completed → refunded once; other states are refused', async () => {
    const charge = await gateway.createCharge(await input('4111111111111111'));
    expect(await gateway.refund(charge.id, 'reembolso')).toMatchObject({ id: charge.id, status: 'refunded' });
    expect((await gateway.getCharge(charge.id)).status).toBe('refunded');
    expect((await rejection(gateway.refund(charge.id, 'reembolso'))).errorCode).toBe(1003);
    expect((await rejection(gateway.refund('trnoexiste', 'reembolso'))).errorCode).toBe(1005);
  });
});

describe('3-D Secure through the local bank page', () => {
  it('the 3-D Secure card is charge_pending; Autorizar completes it and returns the browser with ?id=', async () => {
    const charge = await gateway.createCharge(await input('4000000000003220', { use3ds: true, paymentPlan: { payments: 3 } }));
    expect(charge.status).toBe('charge_pending');
    expect(charge.redirectUrl).toBe(`/sandbox/3ds/${charge.id}`);

    const page = await t.app.inject(charge.redirectUrl!);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("form-action 'self' http://localhost:3000");
    expect(page.body).toContain('lang="es-MX"');
    expect(page.body).toContain('>Autorizar</button>');
    expect(page.body).toContain('>Rechazar</button>');
    expect(page.body).toContain('$123.45');
    expect(page.body).toContain('•••• 3220');

    const res = await authorize(charge.id, 'autorizar');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://localhost:3000/terminar_compra/r-1?esGeneral=false&id=${charge.id}`);
    const done = await gateway.getCharge(charge.id);
    expect(done).toMatchObject({ status: 'completed', authorization: expect.stringMatching(/^\d{6}$/) });
    expect(done.redirectUrl).toBeUndefined();

    // A replayed click (back button, double submit) changes nothing and returns again.
    const replay = await authorize(charge.id, 'rechazar');
    expect([replay.statusCode, replay.headers.location]).toEqual([303, res.headers.location]);
    expect((await gateway.getCharge(charge.id)).status).toBe('completed');
    const later = await t.app.inject(charge.redirectUrl!);
    expect(later.body).toContain('Pago ya procesado');
    expect(later.body).not.toContain('>Autorizar</button>');
  });

  it('Rechazar fails the charge with 3001', async () => {
    const charge = await gateway.createCharge(await input('4111111111111111', { use3ds: true }));
    expect(charge.status).toBe('charge_pending');
    const res = await authorize(charge.id, 'rechazar');
    expect(res.headers.location).toBe(`http://localhost:3000/terminar_compra/r-1?esGeneral=false&id=${charge.id}`);
    expect(await gateway.getCharge(charge.id)).toMatchObject({ status: 'failed', errorCode: 3001 });
  });

  it('with 3-D Secure a card without funds still fails after Autorizar (3003)', async () => {
    const charge = await gateway.createCharge(await input('4444444444444448', { use3ds: true }));
    await authorize(charge.id, 'autorizar');
    expect(await gateway.getCharge(charge.id)).toMatchObject({ status: 'failed', errorCode: 3003 });
  });

  it('unknown charge or action: Spanish pages, nothing changes', async () => {
    const missing = await t.app.inject('/sandbox/3ds/trnoexiste');
    expect([missing.statusCode, missing.body.includes('El cargo que intentas autorizar no existe.')]).toEqual([404, true]);
    expect((await authorize('trnoexiste', 'autorizar')).statusCode).toBe(404);
    expect((await t.app.inject('/sandbox/3ds/..%2F..%2Fetc')).statusCode).toBe(404);
    const charge = await gateway.createCharge(await input('4000000000003220', { use3ds: true }));
    const bad = await authorize(charge.id, 'quizas');
    expect([bad.statusCode, bad.body.includes('Elige Autorizar o Rechazar.')]).toEqual([400, true]);
    expect((await gateway.getCharge(charge.id)).status).toBe('charge_pending');
  });
});

describe('customers and saved cards', () => {
  it('saves a card from a token, charges it for its customer only, lists and deletes it', async () => {
    const ana = await gateway.createCustomer({ name: 'Ana', email: 'ana@example.com', externalId: `u-${process.pid}-1` });
    expect((await rejection(gateway.createCustomer({ name: 'Ana', email: 'ana@example.com', externalId: `u-${process.pid}-1` }))).errorCode).toBe(2003);
    const beto = await gateway.createCustomer({ name: 'Beto', email: 'beto@example.com' });
    const card = await gateway.addCard(ana.id, await token('5555555555554444'), 'device-1');
    expect(card).toMatchObject({ id: expect.any(String), number: '555555XXXXXX4444', brand: 'mastercard', holderName: 'Ana López' });
    expect((await rejection(gateway.addCard(ana.id, await token('5555555555554444'), 'device-1'))).errorCode).toBe(2002);

    const charge = await gateway.createCharge(await input('4111111111111111', { sourceId: card.id!, customer: { customerId: ana.id } }));
    expect(charge).toMatchObject({ status: 'completed', customerId: ana.id, card: { id: card.id, last4: '4444' } });
    expect((await rejection(gateway.createCharge(await input('4111111111111111', { sourceId: card.id!, customer: { customerId: beto.id } })))).errorCode).toBe(
      1005,
    );
    expect((await rejection(gateway.deleteCard(beto.id, card.id!))).errorCode).toBe(1005);

    expect((await gateway.listCards(ana.id)).map((c) => c.id)).toEqual([card.id]);
    await gateway.deleteCard(ana.id, card.id!);
    expect(await gateway.listCards(ana.id)).toEqual([]);
    expect((await rejection(gateway.listCards('noexiste'))).errorCode).toBe(1005);
  });
});
