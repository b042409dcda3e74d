import { describe, expect, it } from 'vitest';
import { GATEWAY_MESSAGES } from '../src/modules/pagos/gateway/gateway.errors';
import { rejection } from './support/sandbox';
import { SANDBOX_CLABE } from '@taquilla/openpay-sandbox';
import { openpayGatewayPerFile } from './support/openpay-gateway';

/** The Openpay gateway against the Openpay sandbox: meses sin intereses, cash at a store and SPEI charges. */

const { g, nextOrderId, token, chargeInput } = openpayGatewayPerFile();

describe('meses sin intereses, cash at a store, SPEI', () => {
  it('a card charge carries payment_plan.payments and reads it back; a plan the card does not allow is 3006, a debit card allows none', async () => {
    const input = await chargeInput('4111111111111111', { paymentPlan: { payments: 6 } });
    const charge = await g.gateway.createCharge(input);
    expect(charge).toMatchObject({ status: 'completed', method: 'card', payments: 6, amount: 12345 });
    expect(JSON.parse(g.fake.requests.at(-1)!.body)).toMatchObject({ method: 'card', payment_plan: { payments: 6 } });
    const nine = await rejection(g.gateway.createCharge(await chargeInput('5555555555554444', { paymentPlan: { payments: 9 } })));
    expect(nine.errorCode).toBe(3006);
    expect(nine.message).toBe(GATEWAY_MESSAGES[3006]);
    const debit = await rejection(g.gateway.createCharge(await chargeInput('4000000000000002', { paymentPlan: { payments: 3 } })));
    expect(debit.errorCode).toBe(3006);
  });

  it("a new card's type: the token registered as a merchant-level card, read, then deleted; a used token is 1005", async () => {
    const before = g.fake.requests.length;
    const debitToken = await token('4000000000000002');
    expect(await g.gateway.cardDetails(debitToken, 'dev-session-1')).toMatchObject({ type: 'debit', bank: 'Banco de Pruebas', last4: '0002' });
    const sent = g.fake.requests.slice(before + 1);
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      `POST /v1/${g.fake.merchantId}/cards`,
      expect.stringMatching(new RegExp(`^DELETE /v1/${g.fake.merchantId}/cards/k`)),
    ]);
    expect(JSON.parse(sent[0]!.body)).toEqual({ token_id: debitToken, device_session_id: 'dev-session-1' });
    expect((await g.gateway.cardDetails(await token('4111111111111111'), 'dev-session-1')).type).toBe('credit');
    // Tokens are single use: the lookup used it up, so the payment tokenises again.
    expect((await rejection(g.gateway.cardDetails(debitToken, 'dev-session-1'))).errorCode).toBe(1005);
    expect((await rejection(g.gateway.cardDetails('tok_desconocido', 'dev-session-1'))).errorCode).toBe(1005);
  });

  it('store: the documented request (method store, due_date, customer), then the reference and barcode; completed once paid', async () => {
    const due = new Date(Date.now() + 48 * 3600_000);
    const orderId = nextOrderId();
    const charge = await g.gateway.createReferenceCharge({
      method: 'store',
      orderId,
      amount: 98765,
      description: 'Boletos Luna Roja',
      customer: { name: 'Ana', email: 'ana@example.com' },
      dueDate: due,
    });
    const sent = g.fake.requests.at(-1)!;
    expect(sent.url).toBe(`/v1/${g.fake.merchantId}/charges`);
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
    g.fake.payReference(charge.id);
    expect((await g.gateway.getCharge(charge.id)).status).toBe('completed');
  });

  it('SPEI (bank_account): CLABE, bank, agreement and the reference; cancelled once the due date passes unpaid', async () => {
    const charge = await g.gateway.createReferenceCharge({
      method: 'bank_account',
      orderId: nextOrderId(),
      amount: 5000,
      description: 'Boletos',
      customer: { name: 'Ana', email: 'ana@example.com' },
      dueDate: new Date(Date.now() + 3600_000),
    });
    expect(JSON.parse(g.fake.requests.at(-1)!.body)).toMatchObject({ method: 'bank_account', amount: 50 });
    expect(charge).toMatchObject({ status: 'in_progress', method: 'bank_account' });
    expect(charge.instructions).toEqual({
      type: 'bank_account',
      clabe: SANDBOX_CLABE,
      bank: 'STP (Sistema de Transferencias y Pagos)',
      agreement: '1411217',
      name: expect.stringMatching(/^8\d{19}$/),
    });
    g.fake.expireReference(charge.id);
    expect((await g.gateway.getCharge(charge.id)).status).toBe('cancelled');
  });

  it('a reference charge with an order_id already used is 1006, like a card charge', async () => {
    const input = {
      method: 'store' as const,
      orderId: nextOrderId(),
      amount: 5000,
      description: 'Boletos',
      customer: { name: 'Ana', email: 'ana@example.com' },
      dueDate: new Date(Date.now() + 3600_000),
    };
    await g.gateway.createReferenceCharge(input);
    expect((await rejection(g.gateway.createReferenceCharge(input))).errorCode).toBe(1006);
  });
});
