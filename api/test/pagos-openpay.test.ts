import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { centavosToPesos, pesosToCentavos } from '../src/modules/pagos/gateway/gateway.amount';
import { GATEWAY_MESSAGES } from '../src/modules/pagos/gateway/gateway.errors';
import { rejection } from './support/sandbox';
import type { ClientLog } from '../src/modules/pagos/gateway/openpay.client';
import { OpenpayGateway } from '../src/modules/pagos/gateway/openpay.gateway';
import type { CreateChargeInput } from '../src/modules/pagos/gateway/gateway.types';
import { SANDBOX_CLABE, startOpenpaySandbox } from '@taquilla/openpay-sandbox';

/**
 * The Openpay gateway against the Openpay sandbox (platform/openpay-sandbox), a local server
 * that answers as Openpay's documented API; here its 3-D Secure test card charged without 3-D
 * Secure is refused (3012) rather than sent to the bank page.
 */

let fake: Awaited<ReturnType<typeof startOpenpaySandbox>>;
let gateway: OpenpayGateway;
const logged: unknown[] = [];
const log: ClientLog = { debug: (o, m) => logged.push([o, m]), warn: (o, m) => logged.push([o, m]) };
let order = 0;

beforeAll(async () => {
  fake = await startOpenpaySandbox();
  gateway = new OpenpayGateway(
    { merchantId: fake.merchantId, privateKey: fake.privateKey, publicKey: fake.publicKey, production: false, apiUrl: fake.url, timeoutMs: 2000 },
    log,
  );
});
afterAll(async () => fake?.close());
beforeEach(() => {
  fake.delayMs = 0;
  fake.nextRaw = null;
});

async function token(card_number: string, extra: Record<string, string> = {}): Promise<string> {
  const res = await fake.createToken({ card_number, ...extra });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function chargeInput(card: string, over: Partial<CreateChargeInput> = {}): Promise<CreateChargeInput> {
  return {
    orderId: `reserva-${++order}`,
    amount: 12345,
    description: 'Boletos Luna Roja',
    sourceId: await token(card),
    deviceSessionId: 'kR1MiQhz2otdIuUlQkbEyitIqVMiI16f',
    customer: { name: 'Ana', lastName: 'López', email: 'ana@example.com' },
    use3ds: false,
    redirectUrl: 'http://127.0.0.1:3000/terminar_compra/r1',
    ...over,
  };
}

describe('amounts: integer centavos ↔ pesos with two decimals, exactly', () => {
  it('converts without float drift', () => {
    expect(centavosToPesos(12345)).toBe(123.45);
    expect(JSON.stringify({ amount: centavosToPesos(1) })).toBe('{"amount":0.01}');
    expect(JSON.stringify({ amount: centavosToPesos(110) })).toBe('{"amount":1.1}');
    expect(JSON.stringify({ amount: centavosToPesos(30) })).toBe('{"amount":0.3}'); // 0.1 + 0.2 would be 0.30000000000000004
    for (let c = 0; c < 200_000; c += 7) expect(pesosToCentavos(centavosToPesos(c))).toBe(c);
    expect(pesosToCentavos(centavosToPesos(9_999_999_999))).toBe(9_999_999_999);
    expect(pesosToCentavos('100')).toBe(10000);
    expect(() => pesosToCentavos(1.005)).toThrow(RangeError);
    expect(() => centavosToPesos(1.5)).toThrow(RangeError);
  });
});

describe('charges', () => {
  it('a charge with a token: basic auth with the private key, pesos on the wire, completed with the masked card', async () => {
    const input = await chargeInput('4111111111111111');
    const charge = await gateway.createCharge(input);
    expect(charge).toMatchObject({ orderId: input.orderId, amount: 12345, status: 'completed' });
    expect(charge.authorization).toMatch(/^\d+$/);
    expect(charge.card).toMatchObject({ number: '411111XXXXXX1111', last4: '1111', brand: 'visa', bank: 'Banco de Pruebas' });
    const sent = fake.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe(`/v1/${fake.merchantId}/charges`);
    expect(sent.authorization).toBe(`Basic ${Buffer.from(`${fake.privateKey}:`).toString('base64')}`);
    expect(sent.contentType).toBe('application/json');
    expect(sent.body).toContain('"amount":123.45');
    expect(JSON.parse(sent.body)).toMatchObject({
      method: 'card',
      source_id: input.sourceId,
      currency: 'MXN',
      order_id: input.orderId,
      device_session_id: input.deviceSessionId,
      customer: { name: 'Ana', last_name: 'López', email: 'ana@example.com' },
    });
    expect(JSON.parse(sent.body)).not.toHaveProperty('use_3d_secure');
  });

  it('an amount that is not whole centavos is refused before anything is sent', async () => {
    const before = fake.requests.length;
    for (const amount of [0, -100, 10.5, Number.NaN]) {
      expect((await rejection(gateway.createCharge(await chargeInput('4111111111111111', { amount })))).errorCode).toBe(1001);
    }
    expect(fake.requests.filter((r) => r.url.endsWith('/charges')).length).toBe(
      fake.requests.slice(0, before).filter((r) => r.url.endsWith('/charges')).length,
    );
  });

  it('amounts that float maths would get wrong arrive exact', async () => {
    for (const amount of [1, 30, 110, 100000, 1999999, 123456789]) {
      await gateway.createCharge(await chargeInput('4111111111111111', { amount }));
      const body = fake.requests.at(-1)!.body;
      expect(body).toContain(`"amount":${(amount / 100).toFixed(2).replace(/\.?0+$/, '')}`);
    }
  });

  it('a replayed order_id is refused with 1006 (409) and bills nothing new', async () => {
    const input = await chargeInput('4111111111111111');
    const first = await gateway.createCharge(input);
    const err = await rejection(gateway.createCharge({ ...input, sourceId: await token('4111111111111111') }));
    expect(err.errorCode).toBe(1006);
    expect(err.httpStatus).toBe(409);
    expect(err.isDuplicateOrder).toBe(true);
    expect(err.message).toBe(GATEWAY_MESSAGES[1006]);
    expect([...fake.charges.values()].filter((c) => c.order_id === input.orderId)).toHaveLength(1);
    expect((await gateway.findChargeByOrderId(input.orderId))?.id).toBe(first.id);
    expect(await gateway.findChargeByOrderId('no-existe')).toBeNull();
  });

  it.each([
    ['4222222222222220', 3001, 'La tarjeta fue declinada. Intenta con otra tarjeta.'],
    ['4000000000000069', 3002, 'La tarjeta ha expirado. Intenta con otra tarjeta.'],
    ['4444444444444448', 3003, 'La tarjeta no tiene fondos suficientes. Intenta con otra tarjeta.'],
    ['4000000000000119', 3004, GATEWAY_MESSAGES[3004]],
    ['4000000000000044', 3005, GATEWAY_MESSAGES[3005]],
    ['4000000000003220', 3005, GATEWAY_MESSAGES[3005]],
  ])('card %s is refused with %i (402) and a Spanish message', async (card, code, message) => {
    const err = await rejection(gateway.createCharge(await chargeInput(card)));
    expect(err.errorCode).toBe(code);
    expect(err.httpStatus).toBe(402);
    expect(err.isCardDeclined).toBe(true);
    expect(err.message).toBe(message);
    expect(err.description).not.toBe('');
  });

  it('a charge without 3-D Secure sends no redirect_url; a risk refusal (3005) leaves the token good for the 3-D Secure charge', async () => {
    const input = await chargeInput('4000000000003220');
    expect((await rejection(gateway.createCharge(input))).errorCode).toBe(3005);
    const sent = JSON.parse(fake.requests.at(-1)!.body);
    expect(sent).not.toHaveProperty('redirect_url');
    expect(sent).not.toHaveProperty('use_3d_secure');
    // Openpay's guide ("Token de cargo previo"): the same token, charged again with 3-D Secure.
    const again = await gateway.createCharge({ ...input, orderId: `${input.orderId}-3ds`, use3ds: true });
    expect(again.status).toBe('charge_pending');
    expect(JSON.parse(fake.requests.at(-1)!.body)).toMatchObject({ use_3d_secure: true, redirect_url: input.redirectUrl });
    // A token spent by a completed charge is not good for another.
    const paid = await chargeInput('4111111111111111');
    await gateway.createCharge(paid);
    expect((await rejection(gateway.createCharge({ ...paid, orderId: `${paid.orderId}-b` }))).errorCode).toBe(1005);
  });

  it('3-D Secure: charge_pending with the redirect URL, then completed once the buyer authorises', async () => {
    const input = await chargeInput('4111111111111111', { use3ds: true, paymentPlan: { payments: 6 } });
    const charge = await gateway.createCharge(input);
    expect(charge.status).toBe('charge_pending');
    expect(charge.redirectUrl).toBe(`${fake.url}/3ds/${charge.id}`);
    expect(JSON.parse(fake.requests.at(-1)!.body)).toMatchObject({ use_3d_secure: true, redirect_url: input.redirectUrl, payment_plan: { payments: 6 } });
    fake.completeThreeDs(charge.id, true);
    const after = await gateway.getCharge(charge.id);
    expect(after).toMatchObject({ id: charge.id, status: 'completed', amount: 12345 });
    expect(after.redirectUrl).toBeUndefined();
  });

  it('3-D Secure refused by the buyer: the charge reads failed with its code', async () => {
    const charge = await gateway.createCharge(await chargeInput('4111111111111111', { use3ds: true }));
    fake.completeThreeDs(charge.id, false);
    expect(await gateway.getCharge(charge.id)).toMatchObject({ status: 'failed', errorCode: 3001 });
  });

  it.each([
    ['in_progress', 'in_progress'],
    ['cancelled', 'cancelled'],
    ['CHARGE_PENDING', 'charge_pending'],
    ['chargeback_pending', 'completed'],
    ['chargeback_accepted', 'refunded'],
  ] as const)('Openpay status %s reads %s', async (openpay, ours) => {
    const charge = await gateway.createCharge(await chargeInput('4111111111111111'));
    fake.charges.get(charge.id)!.status = openpay;
    expect((await gateway.getCharge(charge.id)).status).toBe(ours);
  });

  it('a status Openpay never documented is an error, not a guess', async () => {
    const charge = await gateway.createCharge(await chargeInput('4111111111111111'));
    fake.charges.get(charge.id)!.status = 'teleported';
    expect((await rejection(gateway.getCharge(charge.id))).errorCode).toBeNull();
  });

  it('an unknown charge is 1005 (404); an id that is not an id never reaches Openpay', async () => {
    const err = await rejection(gateway.getCharge('trnoexiste0000000000'));
    expect([err.errorCode, err.httpStatus]).toEqual([1005, 404]);
    const before = fake.requests.length;
    expect((await rejection(gateway.getCharge('../customers'))).errorCode).toBe(1005);
    expect(fake.requests.length).toBe(before);
  });

  it('refund: the charge reads refunded; a second refund is refused', async () => {
    const charge = await gateway.createCharge(await chargeInput('4111111111111111'));
    const refunded = await gateway.refund(charge.id, 'Reserva expirada sin lugares');
    expect(refunded).toMatchObject({ id: charge.id, status: 'refunded', amount: 12345 });
    expect(fake.requests.at(-1)!.url).toBe(`/v1/${fake.merchantId}/charges/${charge.id}/refund`);
    expect((await gateway.getCharge(charge.id)).status).toBe('refunded');
    expect((await rejection(gateway.refund(charge.id, 'otra vez'))).errorCode).toBe(1003);
  });
});

describe('meses sin intereses, cash at a store, SPEI', () => {
  it('a card charge carries payment_plan.payments and reads it back; a plan the card does not allow is 3006, a debit card allows none', async () => {
    const input = await chargeInput('4111111111111111', { paymentPlan: { payments: 6 } });
    const charge = await gateway.createCharge(input);
    expect(charge).toMatchObject({ status: 'completed', method: 'card', payments: 6, amount: 12345 });
    expect(JSON.parse(fake.requests.at(-1)!.body)).toMatchObject({ method: 'card', payment_plan: { payments: 6 } });
    const nine = await rejection(gateway.createCharge(await chargeInput('5555555555554444', { paymentPlan: { payments: 9 } })));
    expect(nine.errorCode).toBe(3006);
    expect(nine.message).toBe(GATEWAY_MESSAGES[3006]);
    const debit = await rejection(gateway.createCharge(await chargeInput('4000000000000002', { paymentPlan: { payments: 3 } })));
    expect(debit.errorCode).toBe(3006);
  });

  it("a new card's type: the token registered as a merchant-level card, read, then deleted; a used token is 1005", async () => {
    const before = fake.requests.length;
    const debitToken = await token('4000000000000002');
    expect(await gateway.cardDetails(debitToken, 'dev-session-1')).toMatchObject({ type: 'debit', bank: 'Banco de Pruebas', last4: '0002' });
    const sent = fake.requests.slice(before + 1);
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      `POST /v1/${fake.merchantId}/cards`,
      expect.stringMatching(new RegExp(`^DELETE /v1/${fake.merchantId}/cards/k`)),
    ]);
    expect(JSON.parse(sent[0]!.body)).toEqual({ token_id: debitToken, device_session_id: 'dev-session-1' });
    expect((await gateway.cardDetails(await token('4111111111111111'), 'dev-session-1')).type).toBe('credit');
    // Tokens are single use: the lookup used it up, so the payment tokenises again.
    expect((await rejection(gateway.cardDetails(debitToken, 'dev-session-1'))).errorCode).toBe(1005);
    expect((await rejection(gateway.cardDetails('tok_desconocido', 'dev-session-1'))).errorCode).toBe(1005);
  });

  it('store: the documented request (method store, due_date, customer), then the reference and barcode; completed once paid', async () => {
    const due = new Date(Date.now() + 48 * 3600_000);
    const orderId = `reserva-${++order}`;
    const charge = await gateway.createReferenceCharge({
      method: 'store',
      orderId,
      amount: 98765,
      description: 'Boletos Luna Roja',
      customer: { name: 'Ana', email: 'ana@example.com' },
      dueDate: due,
    });
    const sent = fake.requests.at(-1)!;
    expect(sent.url).toBe(`/v1/${fake.merchantId}/charges`);
    expect(sent.body).toContain('"amount":987.65');
    expect(JSON.parse(sent.body)).toEqual({
      method: 'store',
      amount: 987.65,
      currency: 'MXN',
      description: 'Boletos Luna Roja',
      order_id: orderId,
      due_date: due.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      customer: { name: 'Ana', email: 'ana@example.com' },
    });
    expect(charge).toMatchObject({ status: 'in_progress', method: 'store', amount: 98765, orderId });
    expect(charge.instructions).toEqual({ type: 'store', reference: expect.stringMatching(/^9\d{19}$/), barcodeUrl: expect.stringContaining('/codigo/') });
    // Openpay answers the due date in central time; it is the same instant.
    expect(Math.abs(charge.dueDate!.getTime() - due.getTime())).toBeLessThan(1000);
    fake.payReference(charge.id);
    expect((await gateway.getCharge(charge.id)).status).toBe('completed');
  });

  it('SPEI (bank_account): CLABE, bank, agreement and the reference; cancelled once the due date passes unpaid', async () => {
    const charge = await gateway.createReferenceCharge({
      method: 'bank_account',
      orderId: `reserva-${++order}`,
      amount: 5000,
      description: 'Boletos',
      customer: { name: 'Ana', email: 'ana@example.com' },
      dueDate: new Date(Date.now() + 3600_000),
    });
    expect(JSON.parse(fake.requests.at(-1)!.body)).toMatchObject({ method: 'bank_account', amount: 50 });
    expect(charge).toMatchObject({ status: 'in_progress', method: 'bank_account' });
    expect(charge.instructions).toEqual({
      type: 'bank_account',
      clabe: SANDBOX_CLABE,
      bank: 'STP (Sistema de Transferencias y Pagos)',
      agreement: '1411217',
      name: expect.stringMatching(/^8\d{19}$/),
    });
    fake.expireReference(charge.id);
    expect((await gateway.getCharge(charge.id)).status).toBe('cancelled');
  });

  it('a reference charge with an order_id already used is 1006, like a card charge', async () => {
    const input = {
      method: 'store' as const,
      orderId: `reserva-${++order}`,
      amount: 5000,
      description: 'Boletos',
      customer: { name: 'Ana', email: 'ana@example.com' },
      dueDate: new Date(Date.now() + 3600_000),
    };
    await gateway.createReferenceCharge(input);
    expect((await rejection(gateway.createReferenceCharge(input))).errorCode).toBe(1006);
  });
});

describe('customers and saved cards', () => {
  it('creates a customer, saves a card from a token, charges it at customer level, lists and deletes it', async () => {
    const customer = await gateway.createCustomer({ name: 'Ana', email: 'ana@example.com', externalId: 'user-1' });
    expect(customer).toMatchObject({ name: 'Ana', email: 'ana@example.com', externalId: 'user-1' });
    expect((await rejection(gateway.createCustomer({ name: 'Ana', email: 'ana@example.com', externalId: 'user-1' }))).errorCode).toBe(2003);

    const card = await gateway.addCard(customer.id, await token('5555555555554444'), 'device-1');
    expect(card).toMatchObject({ number: '555555XXXXXX4444', last4: '4444', brand: 'mastercard', holderName: 'Juan Pérez' });
    expect(card.id).toBeTruthy();
    expect(JSON.parse(fake.requests.at(-1)!.body)).toEqual({ token_id: expect.any(String), device_session_id: 'device-1' });
    expect((await rejection(gateway.addCard(customer.id, await token('5555555555554444'), 'device-1'))).errorCode).toBe(2002);

    const charge = await gateway.createCharge(await chargeInput('4111111111111111', { sourceId: card.id!, customer: { customerId: customer.id } }));
    expect(charge).toMatchObject({ status: 'completed', customerId: customer.id, card: { id: card.id, last4: '4444' } });
    const sent = fake.requests.at(-1)!;
    expect(sent.url).toBe(`/v1/${fake.merchantId}/customers/${customer.id}/charges`);
    expect(JSON.parse(sent.body)).not.toHaveProperty('customer');
    expect((await gateway.getCharge(charge.id, customer.id)).status).toBe('completed');

    expect((await gateway.listCards(customer.id)).map((c) => c.id)).toEqual([card.id]);
    await gateway.deleteCard(customer.id, card.id!);
    expect(fake.requests.at(-1)!.method).toBe('DELETE');
    expect(await gateway.listCards(customer.id)).toEqual([]);
    expect((await rejection(gateway.deleteCard(customer.id, card.id!))).errorCode).toBe(1005);
  });

  it('another customer’s card cannot be charged', async () => {
    const ana = await gateway.createCustomer({ name: 'Ana', email: 'ana2@example.com' });
    const beto = await gateway.createCustomer({ name: 'Beto', email: 'beto@example.com' });
    const card = await gateway.addCard(ana.id, await token('4111111111111111'), 'd');
    const err = await rejection(gateway.createCharge(await chargeInput('4111111111111111', { sourceId: card.id!, customer: { customerId: beto.id } })));
    expect(err.errorCode).toBe(1005);
  });
});

describe('transport', () => {
  it('a wrong private key is 1002 (401); the public key on a private call is 1010 (403)', async () => {
    const wrong = new OpenpayGateway({
      merchantId: fake.merchantId,
      privateKey: 'sk_wrong',
      publicKey: fake.publicKey,
      production: false,
      apiUrl: fake.url,
      timeoutMs: 2000,
    });
    const e1 = await rejection(wrong.getCharge('trnoexiste0000000000'));
    expect([e1.errorCode, e1.httpStatus]).toEqual([1002, 401]);
    const pub = new OpenpayGateway({
      merchantId: fake.merchantId,
      privateKey: fake.publicKey,
      publicKey: fake.publicKey,
      production: false,
      apiUrl: fake.url,
      timeoutMs: 2000,
    });
    const e2 = await rejection(pub.getCharge('trnoexiste0000000000'));
    expect([e2.errorCode, e2.httpStatus]).toEqual([1010, 403]);
  });

  it('a gateway slower than the timeout: GatewayError with no code (outcome unknown)', async () => {
    const quick = new OpenpayGateway({
      merchantId: fake.merchantId,
      privateKey: fake.privateKey,
      publicKey: fake.publicKey,
      production: false,
      apiUrl: fake.url,
      timeoutMs: 100,
    });
    fake.delayMs = 400;
    const err = await rejection(quick.getCharge('trnoexiste0000000000'));
    expect(err.errorCode).toBeNull();
    expect(err.isOutcomeUnknown).toBe(true);
    expect(err.message).toBe('No se pudo comunicar con el procesador de pagos. Intenta de nuevo en unos minutos.');
  });

  it('an answer that is not Openpay’s (a proxy’s 502 page) is an unknown outcome, not a crash', async () => {
    fake.nextRaw = { status: 502, body: '<html>Bad gateway</html>', contentType: 'text/html' };
    const err = await rejection(gateway.getCharge('trnoexiste0000000000'));
    expect([err.errorCode, err.httpStatus]).toEqual([null, 502]);
    fake.nextRaw = { status: 200, body: '{"nada":true}', contentType: 'application/json' };
    expect((await rejection(gateway.getCharge('trnoexiste0000000000'))).errorCode).toBeNull();
    fake.nextRaw = { status: 200, body: '{"id":"tr1","amount":10.005,"status":"completed"}', contentType: 'application/json' };
    expect((await rejection(gateway.getCharge('trnoexiste0000000000'))).errorCode).toBeNull();
  });

  it('nothing logged carries a card number, a CVV, a token, a name or an e-mail', async () => {
    logged.length = 0;
    const input = await chargeInput('4111111111111111');
    await gateway.createCharge(input);
    await gateway.createCharge(await chargeInput('4222222222222220')).catch(() => {});
    const text = JSON.stringify(logged);
    expect(logged.length).toBeGreaterThanOrEqual(2);
    for (const secret of ['4111111111111111', '4222222222222220', '"123"', input.sourceId, 'ana@example.com', 'Ana', input.deviceSessionId, fake.privateKey]) {
      expect(text).not.toContain(secret);
    }
  });

  it('public credentials: Openpay’s two scripts; sandbox flag follows production', () => {
    expect(gateway.publicCredentials()).toEqual({
      proveedor: 'openpay',
      merchantId: fake.merchantId,
      publicKey: fake.publicKey,
      sandbox: true,
      scriptUrls: ['https://js.openpay.mx/openpay.v1.min.js', 'https://js.openpay.mx/openpay-data.v1.min.js'],
    });
  });
});
