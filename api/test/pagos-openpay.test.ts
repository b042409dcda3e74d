import { describe, expect, it } from 'vitest';
import { centavosToPesos, pesosToCentavos } from '../src/modules/pagos/gateway/gateway.amount';
import { GATEWAY_MESSAGES } from '../src/modules/pagos/gateway/gateway.errors';
import { rejection } from './support/sandbox';
import { openpayGatewayPerFile } from './support/openpay-gateway';

/**
 * The Openpay gateway against the Openpay sandbox (platform/openpay-sandbox), a local server
 * that answers as Openpay's documented API: amounts on the wire, and card charges; here its
 * 3-D Secure test card charged without 3-D Secure is refused (3012) rather than sent to the bank
 * page. The rest of the adapter: pagos-openpay.diferidos, .clientes and .transport.
 */

const { g, token, chargeInput } = openpayGatewayPerFile();

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
    const charge = await g.gateway.createCharge(input);
    expect(charge).toMatchObject({ orderId: input.orderId, amount: 12345, status: 'completed' });
    expect(charge.authorization).toMatch(/^\d+$/);
    expect(charge.card).toMatchObject({ number: '411111XXXXXX1111', last4: '1111', brand: 'visa', bank: 'Banco de Pruebas' });
    const sent = g.fake.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe(`/v1/${g.fake.merchantId}/charges`);
    expect(sent.authorization).toBe(`Basic ${Buffer.from(`${g.fake.privateKey}:`).toString('base64')}`);
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
    const before = g.fake.requests.length;
    for (const amount of [0, -100, 10.5, Number.NaN]) {
      expect((await rejection(g.gateway.createCharge(await chargeInput('4111111111111111', { amount })))).errorCode).toBe(1001);
    }
    expect(g.fake.requests.filter((r) => r.url.endsWith('/charges')).length).toBe(
      g.fake.requests.slice(0, before).filter((r) => r.url.endsWith('/charges')).length,
    );
  });

  it('amounts that float maths would get wrong arrive exact', async () => {
    for (const amount of [1, 30, 110, 100000, 1999999, 123456789]) {
      await g.gateway.createCharge(await chargeInput('4111111111111111', { amount }));
      const body = g.fake.requests.at(-1)!.body;
      expect(body).toContain(`"amount":${(amount / 100).toFixed(2).replace(/\.?0+$/, '')}`);
    }
  });

  it('a replayed order_id is refused with 1006 (409) and bills nothing new', async () => {
    const input = await chargeInput('4111111111111111');
    const first = await g.gateway.createCharge(input);
    const err = await rejection(g.gateway.createCharge({ ...input, sourceId: await token('4111111111111111') }));
    expect(err.errorCode).toBe(1006);
    expect(err.httpStatus).toBe(409);
    expect(err.isDuplicateOrder).toBe(true);
    expect(err.message).toBe(GATEWAY_MESSAGES[1006]);
    expect([...g.fake.charges.values()].filter((c) => c.order_id === input.orderId)).toHaveLength(1);
    expect((await g.gateway.findChargeByOrderId(input.orderId))?.id).toBe(first.id);
    expect(await g.gateway.findChargeByOrderId('no-existe')).toBeNull();
  });

  it.each([
    ['4222222222222220', 3001, 'La tarjeta fue declinada. Intenta con otra tarjeta.'],
    ['4000000000000069', 3002, 'La tarjeta ha expirado. Intenta con otra tarjeta.'],
    ['4444444444444448', 3003, 'La tarjeta no tiene fondos suficientes. Intenta con otra tarjeta.'],
    ['4000000000000119', 3004, GATEWAY_MESSAGES[3004]],
    ['4000000000000044', 3005, GATEWAY_MESSAGES[3005]],
    ['4000000000003220', 3005, GATEWAY_MESSAGES[3005]],
  ])('card %s is refused with %i (402) and a Spanish message', async (card, code, message) => {
    const err = await rejection(g.gateway.createCharge(await chargeInput(card)));
    expect(err.errorCode).toBe(code);
    expect(err.httpStatus).toBe(402);
    expect(err.isCardDeclined).toBe(true);
    expect(err.message).toBe(message);
    expect(err.description).not.toBe('');
  });

  it('a charge without 3-D Secure sends no redirect_url; a risk refusal (3005) leaves the token good for the 3-D Secure charge', async () => {
    const input = await chargeInput('4000000000003220');
    expect((await rejection(g.gateway.createCharge(input))).errorCode).toBe(3005);
    const sent = JSON.parse(g.fake.requests.at(-1)!.body);
    expect(sent).not.toHaveProperty('redirect_url');
    expect(sent).not.toHaveProperty('use_3d_secure');
    // Openpay's guide ("Token de cargo previo"): the same token, charged again with 3-D Secure.
    const again = await g.gateway.createCharge({ ...input, orderId: `${input.orderId}-3ds`, use3ds: true });
    expect(again.status).toBe('charge_pending');
    expect(JSON.parse(g.fake.requests.at(-1)!.body)).toMatchObject({ use_3d_secure: true, redirect_url: input.redirectUrl });
    // A token spent by a completed charge is not good for another.
    const paid = await chargeInput('4111111111111111');
    await g.gateway.createCharge(paid);
    expect((await rejection(g.gateway.createCharge({ ...paid, orderId: `${paid.orderId}-b` }))).errorCode).toBe(1005);
  });

  it('3-D Secure: charge_pending with the redirect URL, then completed once the buyer authorises', async () => {
    const input = await chargeInput('4111111111111111', { use3ds: true, paymentPlan: { payments: 6 } });
    const charge = await g.gateway.createCharge(input);
    expect(charge.status).toBe('charge_pending');
    expect(charge.redirectUrl).toBe(`${g.fake.url}/3ds/${charge.id}`);
    expect(JSON.parse(g.fake.requests.at(-1)!.body)).toMatchObject({ use_3d_secure: true, redirect_url: input.redirectUrl, payment_plan: { payments: 6 } });
    g.fake.completeThreeDs(charge.id, true);
    const after = await g.gateway.getCharge(charge.id);
    expect(after).toMatchObject({ id: charge.id, status: 'completed', amount: 12345 });
    expect(after.redirectUrl).toBeUndefined();
  });

  it('3-D Secure refused by the buyer: the charge reads failed with its code', async () => {
    const charge = await g.gateway.createCharge(await chargeInput('4111111111111111', { use3ds: true }));
    g.fake.completeThreeDs(charge.id, false);
    expect(await g.gateway.getCharge(charge.id)).toMatchObject({ status: 'failed', errorCode: 3001 });
  });

  it.each([
    ['in_progress', 'in_progress'],
    ['cancelled', 'cancelled'],
    ['CHARGE_PENDING', 'charge_pending'],
    ['chargeback_pending', 'completed'],
    ['chargeback_accepted', 'refunded'],
  ] as const)('Openpay status %s reads %s', async (openpay, ours) => {
    const charge = await g.gateway.createCharge(await chargeInput('4111111111111111'));
    g.fake.charges.get(charge.id)!.status = openpay;
    expect((await g.gateway.getCharge(charge.id)).status).toBe(ours);
  });

  it('a status Openpay never documented is an error, not a guess', async () => {
    const charge = await g.gateway.createCharge(await chargeInput('4111111111111111'));
    g.fake.charges.get(charge.id)!.status = 'teleported';
    expect((await rejection(g.gateway.getCharge(charge.id))).errorCode).toBeNull();
  });

  it('an unknown charge is 1005 (404); an id that is not an id never reaches Openpay', async () => {
    const err = await rejection(g.gateway.getCharge('trnoexiste0000000000'));
    expect([err.errorCode, err.httpStatus]).toEqual([1005, 404]);
    const before = g.fake.requests.length;
    expect((await rejection(g.gateway.getCharge('../customers'))).errorCode).toBe(1005);
    expect(g.fake.requests.length).toBe(before);
  });

  it('refund: the charge reads refunded; a second refund is refused', async () => {
    const charge = await g.gateway.createCharge(await chargeInput('4111111111111111'));
    const refunded = await g.gateway.refund(charge.id, 'Reserva expirada sin lugares');
    expect(refunded).toMatchObject({ id: charge.id, status: 'refunded', amount: 12345 });
    expect(g.fake.requests.at(-1)!.url).toBe(`/v1/${g.fake.merchantId}/charges/${charge.id}/refund`);
    expect((await g.gateway.getCharge(charge.id)).status).toBe('refunded');
    expect((await rejection(g.gateway.refund(charge.id, 'otra vez'))).errorCode).toBe(1003);
  });
});
