import { describe, expect, it } from 'vitest';
import { rejection } from './support/sandbox';
import { openpayGatewayPerFile } from './support/openpay-gateway';

/** The Openpay gateway against the Openpay sandbox: customers and their saved cards. */

const { g, token, chargeInput } = openpayGatewayPerFile();

describe('customers and saved cards', () => {
  it('creates a customer, saves a card from a token, charges it at customer level, lists and deletes it', async () => {
    const customer = await g.gateway.createCustomer({ name: 'Ana', email: 'ana@example.com', externalId: 'user-1' });
    expect(customer).toMatchObject({ name: 'Ana', email: 'ana@example.com', externalId: 'user-1' });
    expect((await rejection(g.gateway.createCustomer({ name: 'Ana', email: 'ana@example.com', externalId: 'user-1' }))).errorCode).toBe(2003);

    const card = await g.gateway.addCard(customer.id, await token('5555555555554444'), 'device-1');
    expect(card).toMatchObject({ number: '555555XXXXXX4444', last4: '4444', brand: 'mastercard', holderName: 'Juan Pérez' });
    expect(card.id).toBeTruthy();
    expect(JSON.parse(g.fake.requests.at(-1)!.body)).toEqual({ token_id: expect.any(String), device_session_id: 'device-1' });
    expect((await rejection(g.gateway.addCard(customer.id, await token('5555555555554444'), 'device-1'))).errorCode).toBe(2002);

    const charge = await g.gateway.createCharge(await chargeInput('4111111111111111', { sourceId: card.id!, customer: { customerId: customer.id } }));
    expect(charge).toMatchObject({ status: 'completed', customerId: customer.id, card: { id: card.id, last4: '4444' } });
    const sent = g.fake.requests.at(-1)!;
    expect(sent.url).toBe(`/v1/${g.fake.merchantId}/customers/${customer.id}/charges`);
    expect(JSON.parse(sent.body)).not.toHaveProperty('customer');
    expect((await g.gateway.getCharge(charge.id, customer.id)).status).toBe('completed');

    expect((await g.gateway.listCards(customer.id)).map((c) => c.id)).toEqual([card.id]);
    await g.gateway.deleteCard(customer.id, card.id!);
    expect(g.fake.requests.at(-1)!.method).toBe('DELETE');
    expect(await g.gateway.listCards(customer.id)).toEqual([]);
    expect((await rejection(g.gateway.deleteCard(customer.id, card.id!))).errorCode).toBe(1005);
  });

  it('another customer’s card cannot be charged', async () => {
    const ana = await g.gateway.createCustomer({ name: 'Ana', email: 'ana2@example.com' });
    const beto = await g.gateway.createCustomer({ name: 'Beto', email: 'beto@example.com' });
    const card = await g.gateway.addCard(ana.id, await token('4111111111111111'), 'd');
    const err = await rejection(g.gateway.createCharge(await chargeInput('4111111111111111', { sourceId: card.id!, customer: { customerId: beto.id } })));
    expect(err.errorCode).toBe(1005);
  });
});
