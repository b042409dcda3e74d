import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { cardBrand, cardOutcome, cardPlans, luhnValid, notExpired, OUTCOME_ERROR } from '../../src/modules/pagos/gateway/gateway.cards';
import { GATEWAY_HTTP_STATUS } from '../../src/modules/pagos/gateway/gateway.errors';

/**
 * A local stand-in for Openpay's REST API (https://www.openpay.mx/docs/api/), answering as the
 * documentation says: basic auth with the private key (public key only for tokens, else 1010),
 * tokens, card charges with source_id (token once, or a customer's saved card), order_id unique
 * (1006, 409), use_3d_secure → charge_pending with payment_method { type: 'redirect', url },
 * charge lookup by id and by order_id, refunds, customers and cards, and Openpay's error
 * objects with their HTTP statuses. Test cards: Openpay's sandbox numbers (gateway/gateway.cards.ts);
 * the 3-D Secure one answers 3012 when charged without 3-D Secure. payment_plan on a card its
 * bank does not offer the plan for (gateway.cards.ts TEST_CARD_PLANS; a debit card none) is
 * refused with 3006. Store and bank_account charges (merchant level, with `customer`) answer
 * 'in_progress' with payment_method { type: 'store', reference, barcode_url } or
 * { type: 'bank_transfer', clabe, bank, agreement, name }; payReference/expireReference stand in
 * for the buyer paying at the store or the due date passing.
 */

interface FakeCard {
  id: string;
  number: string;
  holder_name: string;
  expiration_month: string;
  expiration_year: string;
  customer_id: string | null;
}
type Json = Record<string, unknown>;

interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

export interface FakeOpenpay {
  url: string;
  merchantId: string;
  privateKey: string;
  publicKey: string;
  requests: RecordedRequest[];
  charges: Map<string, Json>;
  /** Delay every answer (timeouts). */
  delayMs: number;
  /** Answer the next request with this raw response instead (a proxy's error page, …). */
  nextRaw: { status: number; body: string; contentType: string } | null;
  /** Creates a token as Openpay.js would from the browser (public key). */
  createToken(card: { card_number: string; holder_name?: string; expiration_month?: string; expiration_year?: string; cvv2?: string }): Promise<{ status: number; body: Json }>;
  /** The buyer finishing (or refusing) 3-D Secure on Openpay's page. */
  completeThreeDs(chargeId: string, approve: boolean): void;
  /** The buyer paying a store reference or sending the SPEI transfer. */
  payReference(chargeId: string): void;
  /** The due date passing with the reference unpaid. */
  expireReference(chargeId: string): void;
  close(): Promise<void>;
}

const id = (prefix = '') => prefix + randomUUID().replace(/-/g, '').slice(0, 20 - prefix.length);
const masked = (n: string) => `${n.slice(0, 6)}${'X'.repeat(n.length - 10)}${n.slice(-4)}`;

export async function startFakeOpenpay(opts: { merchantId?: string; privateKey?: string; publicKey?: string } = {}): Promise<FakeOpenpay> {
  const merchantId = opts.merchantId ?? 'mfakemerchant0000001';
  const privateKey = opts.privateKey ?? 'sk_fake_private_000000000000000';
  const publicKey = opts.publicKey ?? 'pk_fake_public_0000000000000000';
  const tokens = new Map<string, FakeCard & { used: boolean }>();
  const cards = new Map<string, FakeCard>();
  const customers = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const orderIds = new Set<string>();
  const app: FastifyInstance = Fastify({ logger: false });

  const state: Omit<FakeOpenpay, 'url' | 'createToken' | 'completeThreeDs' | 'payReference' | 'expireReference' | 'close'> = {
    merchantId,
    privateKey,
    publicKey,
    requests: [],
    charges,
    delayMs: 0,
    nextRaw: null,
  };

  function fail(reply: FastifyReply, code: number, description: string): FastifyReply {
    const http = GATEWAY_HTTP_STATUS[code] ?? 500;
    return reply.status(http).send({ category: http >= 500 ? 'internal' : code >= 3000 ? 'gateway' : 'request', description, http_code: http, error_code: code, request_id: randomUUID() });
  }
  const cardJson = (c: FakeCard) => ({
    id: c.id,
    type: cardPlans(c.number).tipo,
    brand: cardBrand(c.number),
    address: null,
    card_number: masked(c.number),
    holder_name: c.holder_name,
    expiration_year: c.expiration_year,
    expiration_month: c.expiration_month,
    allows_charges: true,
    allows_payouts: true,
    creation_date: new Date().toISOString(),
    bank_name: 'Banamex',
    bank_code: '002',
    customer_id: c.customer_id,
  });
  /** Amounts arrive as JSON numbers with at most two decimals (Openpay refuses more: 1001). */
  const validAmount = (v: unknown): v is number => typeof v === 'number' && v > 0 && /^\d+(\.\d{1,2})?$/.test(String(v));
  const str = (v: unknown) => (typeof v === 'string' ? v : '');

  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, body === '' ? {} : JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('bad json'), { statusCode: 400 }), undefined);
    }
  });
  app.setErrorHandler((_error, _request, reply) => fail(reply, 1001, 'The request is not valid JSON'));

  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
    if (state.nextRaw) {
      const raw = state.nextRaw;
      state.nextRaw = null;
      return reply.status(raw.status).header('content-type', raw.contentType).send(raw.body);
    }
    const [, v1, merchant, resource] = request.url.split('?')[0]!.split('/');
    if (v1 !== 'v1' || merchant !== merchantId) return fail(reply, 1005, 'The merchant does not exist');
    const auth = /^Basic (.+)$/.exec(request.headers.authorization ?? '');
    const user = auth ? Buffer.from(auth[1]!, 'base64').toString('utf8').replace(/:$/, '') : '';
    if (user === privateKey) return;
    if (user === publicKey) {
      if (resource === 'tokens' && request.method === 'POST') return;
      return fail(reply, 1010, 'The api key or merchant id are invalid');
    }
    return fail(reply, 1002, 'The api key or merchant id are invalid');
  });
  // The raw text matters for amounts ("amount":123.45): keep what was really sent.
  app.addHook('preParsing', async (request, _reply, payload) => {
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    (request as unknown as { rawBody: string }).rawBody = text;
    return Readable.from([text]);
  });
  app.addHook('preHandler', async (request) => {
    state.requests.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body: (request as unknown as { rawBody?: string }).rawBody ?? '',
    });
  });

  const base = `/v1/${merchantId}`;
  let serverUrl = '';

  app.post(`${base}/tokens`, async (request, reply) => {
    const b = (request.body ?? {}) as Json;
    const number = str(b.card_number);
    if (!/^\d{13,19}$/.test(number) || !str(b.holder_name) || !str(b.expiration_month) || !str(b.expiration_year)) return fail(reply, 1001, 'card fields are required');
    if (!b.cvv2) return fail(reply, 2006, 'The CVV2 security code is required');
    if (!luhnValid(number)) return fail(reply, 2004, 'The card number verification digit is invalid');
    if (!notExpired(str(b.expiration_month), str(b.expiration_year))) return fail(reply, 2005, 'The expiration date has already passed');
    const token = { id: id('k'), number, holder_name: str(b.holder_name), expiration_month: str(b.expiration_month), expiration_year: str(b.expiration_year), customer_id: null, used: false };
    tokens.set(token.id, token);
    return reply.status(201).send({ id: token.id, card: { ...cardJson(token), id: undefined, card_number: masked(number) } });
  });

  function charge(customerId: string | null) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const b = (request.body ?? {}) as Json;
      if (customerId !== null && !customers.has(customerId)) return fail(reply, 1005, 'The customer does not exist');
      if (b.method === 'store' || b.method === 'bank_account') return referenceCharge(b, customerId, reply);
      if (b.method !== 'card' || !validAmount(b.amount) || !str(b.description) || !str(b.source_id) || !str(b.device_session_id)) {
        return fail(reply, 1001, 'method, amount (two decimals), description, source_id and device_session_id are required');
      }
      if (customerId === null && (typeof b.customer !== 'object' || !str((b.customer as Json).name) || !str((b.customer as Json).email))) {
        return fail(reply, 1001, 'customer.name and customer.email are required');
      }
      if (b.use_3d_secure === true && !/^https?:\/\//.test(str(b.redirect_url))) return fail(reply, 1001, 'redirect_url is required');
      const plan = b.payment_plan as Json | undefined;
      if (plan !== undefined && ![3, 6, 9, 12, 18].includes(Number(plan.payments))) return fail(reply, 1003, 'payment_plan.payments is not valid');
      const orderId = str(b.order_id) || null;
      if (orderId && orderIds.has(orderId)) return fail(reply, 1006, 'The orderId already exists');
      const saved = customerId !== null ? cards.get(str(b.source_id)) : undefined;
      const token = tokens.get(str(b.source_id));
      const card = saved && saved.customer_id === customerId ? saved : token && !token.used ? token : undefined;
      if (!card) return fail(reply, 1005, 'The requested resource does not exist');
      if (plan !== undefined && !cardPlans(card.number).meses.includes(Number(plan.payments))) return fail(reply, 3006, 'The card does not allow this payment plan');
      if (token && card === token) token.used = true;
      if (orderId) orderIds.add(orderId);
      const outcome = cardOutcome(card.number);
      const tx: Json = {
        id: id('tr'),
        amount: b.amount,
        authorization: null,
        method: 'card',
        operation_type: 'in',
        transaction_type: 'charge',
        card: cardJson(card),
        status: 'completed',
        currency: 'MXN',
        creation_date: new Date().toISOString(),
        operation_date: new Date().toISOString(),
        description: b.description,
        error_message: null,
        order_id: orderId,
        customer_id: customerId,
        redirect_url: b.redirect_url ?? null,
        ...(plan !== undefined ? { payment_plan: { payments: Number(plan.payments) } } : {}),
        outcome,
      };
      charges.set(tx.id as string, tx);
      const declined = OUTCOME_ERROR[outcome];
      if (b.use_3d_secure === true) {
        tx.status = 'charge_pending';
        tx.payment_method = { type: 'redirect', url: `${serverUrl}${base}/charges/${tx.id}/card_capture` };
      } else if (declined || outcome === 'requiere_3ds') {
        tx.status = 'failed';
        tx.error_code = declined ?? 3012;
        return fail(reply, declined ?? 3012, 'The card was declined');
      } else tx.authorization = String(100000 + charges.size);
      return reply.send(publicCharge(tx));
    };
  }
  function referenceCharge(b: Json, customerId: string | null, reply: FastifyReply) {
    if (!validAmount(b.amount) || !str(b.description)) return fail(reply, 1001, 'amount (two decimals) and description are required');
    if (customerId === null && (typeof b.customer !== 'object' || !str((b.customer as Json).name) || !str((b.customer as Json).email))) {
      return fail(reply, 1001, 'customer.name and customer.email are required');
    }
    const due = b.due_date === undefined ? new Date(Date.now() + 72 * 3600_000) : new Date(str(b.due_date));
    if (Number.isNaN(due.getTime())) return fail(reply, 1001, 'due_date is not a valid ISO 8601 date');
    const orderId = str(b.order_id) || null;
    if (orderId && orderIds.has(orderId)) return fail(reply, 1006, 'The orderId already exists');
    if (orderId) orderIds.add(orderId);
    const trId = id('tr');
    const reference = `000020${trId.toUpperCase()}0100009`;
    const tx: Json = {
      id: trId,
      amount: b.amount,
      authorization: null,
      method: b.method,
      operation_type: 'in',
      transaction_type: 'charge',
      status: 'in_progress',
      currency: 'MXN',
      creation_date: new Date().toISOString(),
      operation_date: new Date().toISOString(),
      // Openpay answers in central time (UTC-6, no daylight saving since 2022).
      due_date: new Date(due.getTime() - 6 * 3600_000).toISOString().replace(/\.\d{3}Z$/, '-06:00'),
      description: b.description,
      error_message: null,
      order_id: orderId,
      customer_id: customerId,
      payment_method:
        b.method === 'store'
          ? { type: 'store', reference, paybin_reference: '0101990000001065', barcode_url: `${serverUrl}/barcode/${reference}?width=1&height=45&text=false` }
          : { type: 'bank_transfer', agreement: '1411217', bank: 'BBVA Bancomer', clabe: '012914002014112176', name: String(10 ** 19 + charges.size) },
    };
    charges.set(trId, tx);
    return reply.send(publicCharge(tx));
  }
  const publicCharge = ({ outcome: _o, redirect_url: _r, ...tx }: Json) => tx;

  function getCharge(customerId: string | null) {
    return async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const tx = charges.get(request.params.id);
      if (!tx || (customerId !== null && tx.customer_id !== customerId)) return fail(reply, 1005, 'The requested resource does not exist');
      return reply.send(publicCharge(tx));
    };
  }
  function refund(customerId: string | null) {
    return async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const tx = charges.get(request.params.id);
      if (!tx || (customerId !== null && tx.customer_id !== customerId)) return fail(reply, 1005, 'The requested resource does not exist');
      if (tx.status !== 'completed') return fail(reply, 1003, 'The charge can not be refunded');
      tx.status = 'refunded';
      tx.refund = { id: id('tr'), amount: tx.amount, status: 'completed', transaction_type: 'refund', description: ((request.body ?? {}) as Json).description ?? null };
      return reply.send(publicCharge(tx));
    };
  }
  function listCharges(customerId: string | null) {
    return async (request: FastifyRequest<{ Querystring: { order_id?: string } }>, reply: FastifyReply) => {
      const list = [...charges.values()].filter((tx) => (customerId === null || tx.customer_id === customerId) && (!request.query.order_id || tx.order_id === request.query.order_id));
      return reply.send(list.reverse().map(publicCharge));
    };
  }

  app.post(`${base}/charges`, charge(null));
  app.get(`${base}/charges`, listCharges(null));
  app.get(`${base}/charges/:id`, getCharge(null));
  app.post(`${base}/charges/:id/refund`, refund(null));
  app.post<{ Params: { cid: string } }>(`${base}/customers/:cid/charges`, (req, reply) => charge(req.params.cid)(req, reply));
  app.get<{ Params: { cid: string; id: string } }>(`${base}/customers/:cid/charges/:id`, (req, reply) => getCharge(req.params.cid)(req, reply));
  app.get<{ Params: { cid: string } }>(`${base}/customers/:cid/charges`, (req, reply) => listCharges(req.params.cid)(req as never, reply));
  app.post<{ Params: { cid: string; id: string } }>(`${base}/customers/:cid/charges/:id/refund`, (req, reply) => refund(req.params.cid)(req, reply));

  app.post(`${base}/customers`, async (request, reply) => {
    const b = (request.body ?? {}) as Json;
    if (!str(b.name) || !str(b.email)) return fail(reply, 1001, 'name and email are required');
    if (b.external_id && [...customers.values()].some((c) => c.external_id === b.external_id)) return fail(reply, 2003, 'The external_id already exists');
    const customer = { id: id('a'), name: b.name, last_name: b.last_name ?? null, email: b.email, external_id: b.external_id ?? null, creation_date: new Date().toISOString(), status: 'active' };
    customers.set(customer.id, customer);
    return reply.status(201).send(customer);
  });
  app.get<{ Params: { cid: string } }>(`${base}/customers/:cid`, async (request, reply) => {
    const c = customers.get(request.params.cid);
    return c ? reply.send(c) : fail(reply, 1005, 'The customer does not exist');
  });
  app.post<{ Params: { cid: string } }>(`${base}/customers/:cid/cards`, async (request, reply) => {
    if (!customers.has(request.params.cid)) return fail(reply, 1005, 'The customer does not exist');
    const b = (request.body ?? {}) as Json;
    if (!str(b.token_id) || !str(b.device_session_id)) return fail(reply, 1001, 'token_id and device_session_id are required');
    const token = tokens.get(str(b.token_id));
    if (!token || token.used) return fail(reply, 1005, 'The token does not exist');
    if ([...cards.values()].some((c) => c.customer_id === request.params.cid && c.number === token.number)) return fail(reply, 2002, 'The card is already registered');
    token.used = true;
    const card = { ...token, id: id('k'), customer_id: request.params.cid };
    cards.set(card.id, card);
    return reply.status(201).send(cardJson(card));
  });
  app.get<{ Params: { cid: string } }>(`${base}/customers/:cid/cards`, async (request, reply) => {
    if (!customers.has(request.params.cid)) return fail(reply, 1005, 'The customer does not exist');
    return reply.send([...cards.values()].filter((c) => c.customer_id === request.params.cid).reverse().map(cardJson));
  });
  app.delete<{ Params: { cid: string; id: string } }>(`${base}/customers/:cid/cards/:id`, async (request, reply) => {
    const card = cards.get(request.params.id);
    if (!card || card.customer_id !== request.params.cid) return fail(reply, 1005, 'The card does not exist');
    cards.delete(card.id);
    return reply.status(204).send();
  });

  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  serverUrl = url;
  const fake: FakeOpenpay = Object.assign(state, {
    url,
    async createToken(card: Parameters<FakeOpenpay['createToken']>[0]) {
      const res = await fetch(`${url}${base}/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${publicKey}:`).toString('base64')}` },
        body: JSON.stringify({ holder_name: 'Juan Pérez', expiration_month: '12', expiration_year: String((new Date().getUTCFullYear() + 2) % 100), cvv2: '123', ...card }),
      });
      return { status: res.status, body: (await res.json()) as Json };
    },
    completeThreeDs(chargeId: string, approve: boolean) {
      const tx = charges.get(chargeId);
      if (tx?.status !== 'charge_pending') return;
      const declined = OUTCOME_ERROR[tx.outcome as keyof typeof OUTCOME_ERROR];
      tx.status = approve && !declined ? 'completed' : 'failed';
      if (tx.status === 'failed') tx.error_code = declined ?? 3001;
      else tx.authorization = '801585';
    },
    payReference(chargeId: string) {
      const tx = charges.get(chargeId);
      if (tx?.status !== 'in_progress') return;
      tx.status = 'completed';
      tx.authorization = String(100000 + charges.size);
    },
    expireReference(chargeId: string) {
      const tx = charges.get(chargeId);
      if (tx && tx.status === 'in_progress') tx.status = 'cancelled';
    },
    close: () => app.close(),
  });
  return fake;
}
