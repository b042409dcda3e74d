import { perfilPagoSchema } from '@taquilla/shared/schemas/cuenta';
import { cuentaMessages } from '@taquilla/shared/messages/cuenta';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenpayGateway } from '../src/modules/pagos/gateway/openpay.gateway';
import { insertPerfilPago, insertTarjeta, findPerfilPago } from '../src/modules/cuenta/tarjetas.repository';
import { startOpenpaySandbox } from '@taquilla/openpay-sandbox';
import { buildTestApp, type TestApp } from './support/app';
import { api, buy, createAccount, eventosConGeneral, login } from './support/cuenta';
import { buildSandboxApp, type SandboxApp } from './support/sandbox';

/** GET /pagos/get/mi_perfil and DELETE /pagos/tarjeta/{idOpenpay}/{idtarjeta}, on the Openpay sandbox, as the app runs it and alone. */

let t: SandboxApp;
let eventoId: number;
const PASSWORD = 'Tarjetas123';

beforeAll(async () => {
  t = await buildSandboxApp();
  eventoId = (await eventosConGeneral(t))[0]!.eventoId;
});
afterAll(async () => t?.close());

async function signedIn(app: TestApp = t) {
  const account = await createAccount(app, PASSWORD);
  return { ...account, token: await login(app, account.email, PASSWORD) };
}

/** A buyer who saved the sandbox's approved card while paying. */
async function withSavedCard() {
  const buyer = await signedIn();
  await buy(t, eventoId, { token: buyer.token }, { n: 1, guardarTarjeta: true });
  const res = await api(t, 'GET', '/pagos/get/mi_perfil', buyer.token);
  expect(res.statusCode, res.body).toBe(200);
  const perfil = perfilPagoSchema.parse(res.json());
  expect(perfil.tarjetas).toHaveLength(1);
  return { ...buyer, idOpenpay: perfil.idOpenpay!, idtarjeta: perfil.tarjetas[0]!.idtarjeta };
}

/** The customer's cards at the gateway. */
const sandboxCards = async (cliente: string) => (await t.app.pagos.gateway!.listCards(cliente)).length;

describe('GET /pagos/get/mi_perfil', () => {
  it('before any saved card: no gateway customer, no cards, the account e-mail', async () => {
    const ana = await signedIn();
    const res = await api(t, 'GET', '/pagos/get/mi_perfil', ana.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ idOpenpay: null, tarjetas: [], usuario: { email: ana.email } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('after saving a card at checkout: the customer and the masked card, never a full number', async () => {
    const ana = await withSavedCard();
    const res = await api(t, 'GET', '/pagos/get/mi_perfil', ana.token);
    const [card] = res.json().tarjetas;
    expect(card).toMatchObject({ idtarjeta: ana.idtarjeta, marca: 'visa', nombreEnTarjeta: 'Ana Cuenta' });
    expect(card.tarjeta).toMatch(/1111$/);
    expect(res.body).not.toContain('4111111111111111');
  });

  it('needs a verified session', async () => {
    expect((await api(t, 'GET', '/pagos/get/mi_perfil')).statusCode).toBe(401);
    const pending = await createAccount(t, PASSWORD, { verified: false });
    expect((await api(t, 'GET', '/pagos/get/mi_perfil', await login(t, pending.email, PASSWORD))).statusCode).toBe(403);
  });
});

describe('DELETE /pagos/tarjeta/{idOpenpay}/{idtarjeta}', () => {
  it('deletes the card here and at the gateway', async () => {
    const ana = await withSavedCard();
    expect(await sandboxCards(ana.idOpenpay)).toBe(1);
    const res = await api(t, 'DELETE', `/pagos/tarjeta/${ana.idOpenpay}/${ana.idtarjeta}`, ana.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: cuentaMessages.CARD_DELETED });
    expect((await api(t, 'GET', '/pagos/get/mi_perfil', ana.token)).json().tarjetas).toEqual([]);
    expect(await sandboxCards(ana.idOpenpay)).toBe(0);
    const again = await api(t, 'DELETE', `/pagos/tarjeta/${ana.idOpenpay}/${ana.idtarjeta}`, ana.token);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(cuentaMessages.CARD_NOT_FOUND);
  });

  it('another account’s customer or card is 404 and deletes nothing', async () => {
    const ana = await withSavedCard();
    const beto = await withSavedCard();
    for (const url of [
      `/pagos/tarjeta/${ana.idOpenpay}/${ana.idtarjeta}`, // both Ana's
      `/pagos/tarjeta/${beto.idOpenpay}/${ana.idtarjeta}`, // Beto's customer, Ana's card
      `/pagos/tarjeta/${ana.idOpenpay}/${beto.idtarjeta}`,
      `/pagos/tarjeta/${beto.idOpenpay}/kdesconocida`,
    ]) {
      const res = await api(t, 'DELETE', url, beto.token);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe(cuentaMessages.CARD_NOT_FOUND);
    }
    expect(await sandboxCards(ana.idOpenpay)).toBe(1);
    expect((await api(t, 'GET', '/pagos/get/mi_perfil', ana.token)).json().tarjetas).toHaveLength(1);
    expect((await api(t, 'GET', '/pagos/get/mi_perfil', beto.token)).json().tarjetas).toHaveLength(1);
  });

  it('an account without a gateway customer gets the spec’s message', async () => {
    const ana = await signedIn();
    const res = await api(t, 'DELETE', '/pagos/tarjeta/cus123/card123', ana.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(cuentaMessages.DELETE_CARD_NO_CUSTOMER);
  });

  it('bad ids are a Spanish 400; no session is 401', async () => {
    const ana = await withSavedCard();
    for (const url of [
      `/pagos/tarjeta/${ana.idOpenpay}/${'k'.repeat(65)}`,
      `/pagos/tarjeta/${ana.idOpenpay}/a%20b`,
      `/pagos/tarjeta/x%27%3B/${ana.idtarjeta}`,
    ]) {
      const res = await api(t, 'DELETE', url, ana.token);
      expect(res.statusCode, url).toBe(400);
      expect([res.json().message].flat().join(' ')).toContain(cuentaMessages.CARD_NOT_FOUND);
    }
    expect((await api(t, 'DELETE', `/pagos/tarjeta/${ana.idOpenpay}/${ana.idtarjeta}`)).statusCode).toBe(401);
    expect(await sandboxCards(ana.idOpenpay)).toBe(1);
  });

  it('a card already gone at the gateway is removed here too', async () => {
    const ana = await withSavedCard();
    await t.app.pagos.gateway!.deleteCard(ana.idOpenpay, ana.idtarjeta);
    expect((await api(t, 'DELETE', `/pagos/tarjeta/${ana.idOpenpay}/${ana.idtarjeta}`, ana.token)).statusCode).toBe(200);
    expect((await api(t, 'GET', '/pagos/get/mi_perfil', ana.token)).json().tarjetas).toEqual([]);
  });
});

describe('card delete with Openpay (the sandbox alone, answering as Openpay’s API)', () => {
  let fake: Awaited<ReturnType<typeof startOpenpaySandbox>>;
  let o: TestApp;
  let gateway: OpenpayGateway;

  beforeAll(async () => {
    fake = await startOpenpaySandbox();
    const config = {
      merchantId: fake.merchantId,
      privateKey: fake.privateKey,
      publicKey: fake.publicKey,
      production: false,
      apiUrl: fake.url,
      timeoutMs: 2000,
    };
    o = await buildTestApp({ config: { pagos: { proveedor: 'openpay', ...config } } });
    gateway = new OpenpayGateway(config);
  });
  afterAll(async () => {
    await o?.close();
    await fake?.close();
  });

  async function openpayCard() {
    const ana = await signedIn(o);
    const customer = await gateway.createCustomer({ name: 'Ana', email: ana.email, externalId: ana.id });
    const token = (await fake.createToken({ card_number: '5555555555554444' })).body.id as string;
    const card = await gateway.addCard(customer.id, token, 'device-1');
    await insertPerfilPago(o.database.db, ana.id, 'openpay', customer.id);
    const perfil = (await findPerfilPago(o.database.db, ana.id))!;
    await insertTarjeta(o.database.db, perfil.id, { ...card, id: card.id! });
    return { ...ana, customer: customer.id, card: card.id! };
  }

  it('sends DELETE /v1/{merchant}/customers/{customer}/cards/{card} and forgets the card', async () => {
    const ana = await openpayCard();
    const res = await api(o, 'DELETE', `/pagos/tarjeta/${ana.customer}/${ana.card}`, ana.token);
    expect(res.statusCode, res.body).toBe(200);
    const sent = fake.requests.at(-1)!;
    expect([sent.method, sent.url]).toEqual(['DELETE', `/v1/${fake.merchantId}/customers/${ana.customer}/cards/${ana.card}`]);
    expect(await gateway.listCards(ana.customer)).toEqual([]);
    expect((await api(o, 'GET', '/pagos/get/mi_perfil', ana.token)).json().tarjetas).toEqual([]);
  });

  it('a gateway failure is 502 with the profile message, and the card is kept', async () => {
    const ana = await openpayCard();
    fake.nextRaw = { status: 503, contentType: 'text/html', body: '<html>Service Unavailable</html>' };
    const res = await api(o, 'DELETE', `/pagos/tarjeta/${ana.customer}/${ana.card}`, ana.token);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(cuentaMessages.DELETE_CARD_FAILED_PROFILE);
    expect(await gateway.listCards(ana.customer)).toHaveLength(1);
    expect((await api(o, 'GET', '/pagos/get/mi_perfil', ana.token)).json().tarjetas).toHaveLength(1);
  });
});
