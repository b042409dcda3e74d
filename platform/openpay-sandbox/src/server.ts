import { randomInt, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import { cardBrand } from '@taquilla/shared/cards';
import { browserPages } from './browser-routes';
import { cardOutcome, cardPlans, luhnValid, notExpired, OUTCOME_ERROR, type CardOutcome } from './test-cards';

/**
 * The one Openpay stand-in of the project (dev, demo, api tests, e2e): Openpay's REST API
 * (https://www.openpay.mx/docs/api/) answering as the documentation says — basic auth with the
 * private key (the public key only for tokens, else 1010), tokens, card charges with source_id
 * (a token once, or a customer's saved card), order_id unique (1006), use_3d_secure →
 * charge_pending with payment_method { type: 'redirect', url }, lookups by id and by order_id,
 * refunds, customers and cards, store and bank_account charges with a due date, Openpay's error
 * objects with their HTTP statuses — plus what Openpay runs for the browser: OpenPay.js
 * (/openpay.js), the 3-D Secure bank page (/3ds/:id) and, standing in for a store's till and a
 * bank app, /pagos where a tester pays a reference or lets it expire; both notify the shop's
 * webhook as Openpay does. State is in memory. Test cards: ./test-cards.ts (README "Pagos de
 * prueba"). Card numbers never leave the token and card maps; nothing is logged.
 */

export type Json = Record<string, unknown>;

/** Openpay's HTTP status for each error code (the API reads it from the answers; only this stand-in needs the table). */
export const OPENPAY_HTTP_STATUS: Readonly<Record<number, number>> = {
  1000: 500,
  1001: 400,
  1002: 401,
  1003: 422,
  1004: 503,
  1005: 404,
  1006: 409,
  1007: 402,
  1008: 423,
  1009: 413,
  1010: 403,
  2001: 409,
  2002: 409,
  2003: 409,
  2004: 422,
  2005: 400,
  2006: 400,
  2007: 412,
  2008: 412,
  2009: 412,
  3001: 402,
  3002: 402,
  3003: 402,
  3004: 402,
  3005: 402,
  3006: 412,
  3007: 402,
  3008: 412,
  3009: 402,
  3010: 402,
  3011: 402,
  3012: 412,
  4001: 412,
};

export const SANDBOX_DEFAULTS = { merchantId: 'msandboxtaquilla', privateKey: 'sk_sandbox_taquilla', publicKey: 'pk_sandbox_taquilla' } as const;
const SANDBOX_BANK = 'Banco de Pruebas';
/** The sandbox's SPEI account (STP's bank and place codes, a valid CLABE check digit). */
const SANDBOX_SPEI_BANK = 'STP (Sistema de Transferencias y Pagos)';
const SANDBOX_SPEI_AGREEMENT = '1411217';

/** A CLABE's 18th digit: weights 3, 7, 1 over the first 17, each product mod 10. */
export function clabe(first17: string): string {
  const sum = [...first17].reduce((acc, d, i) => acc + ((Number(d) * [3, 7, 1][i % 3]!) % 10), 0);
  return first17 + String((10 - (sum % 10)) % 10);
}
export const SANDBOX_CLABE = clabe('64618000000000001');

interface FakeCard {
  id: string;
  number: string;
  holder_name: string;
  expiration_month: string;
  expiration_year: string;
  customer_id: string | null;
}

export interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

export interface OpenpaySandboxOptions {
  merchantId?: string;
  privateKey?: string;
  publicKey?: string;
  /**
   * Where browsers reach this server's pages, put in front of the 3-D Secure and barcode links:
   * its own URL when it listens alone (the default), or the path it is mounted at on the shop
   * ('/sandbox'), root-relative, which the shop resolves against its own origin.
   */
  publicBase?: string;
  /** The shop's webhook: a URL Openpay POSTs to, or a function receiving the same body. */
  webhook?: string | ((event: Json) => Promise<unknown>);
}

export interface OpenpaySandbox {
  readonly merchantId: string;
  readonly privateKey: string;
  readonly publicKey: string;
  requests: RecordedRequest[];
  /** Every charge as Openpay would answer it (plus internal fields), by id. */
  charges: Map<string, Json>;
  /** Delay every API answer (timeouts). */
  delayMs: number;
  /** Answer the next API request with this raw response instead (a proxy's error page, …). */
  nextRaw: { status: number; body: string; contentType: string } | null;
  /** The REST API and the browser pages; mount it with a prefix or serve it alone. */
  plugin: FastifyPluginAsync;
  /** Creates a token as OpenPay.js would from the browser (public key). */
  createToken(card: {
    card_number: string;
    holder_name?: string;
    expiration_month?: string;
    expiration_year?: string;
    cvv2?: string;
  }): Promise<{ status: number; body: Json }>;
  /** The buyer finishing (or refusing) 3-D Secure on the bank page; the card's own outcome then applies. */
  completeThreeDs(chargeId: string, approve: boolean): Json | undefined;
  /** The buyer paying a store reference or sending the SPEI transfer (no notification). */
  payReference(chargeId: string): Json | undefined;
  /** The due date passing with the reference unpaid (no notification). */
  expireReference(chargeId: string): Json | undefined;
  /** A charge by id, or a store/SPEI charge by the reference a tester types. */
  findCharge(idOrReference: string): Json | undefined;
  /** Sends the shop the notification of a charge's current state (charge.succeeded / cancelled / failed). */
  notify(chargeId: string): Promise<void>;
  /** The charge as Openpay answers it (internal fields left out). */
  publicCharge(tx: Json): Json;
}

const newId = (prefix = '') =>
  prefix +
  randomUUID()
    .replace(/-/g, '')
    .slice(0, 20 - prefix.length);
const masked = (n: string) => `${n.slice(0, 6)}${'X'.repeat(n.length - 10)}${n.slice(-4)}`;
const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('');
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
/** Amounts arrive as JSON numbers with at most two decimals (Openpay refuses more: 1001). */
const validAmount = (v: unknown): v is number => typeof v === 'number' && v > 0 && /^\d+(\.\d{1,2})?$/.test(String(v));
const MESES = [3, 6, 9, 12, 18];
const authorization = () => String(randomInt(100_000, 1_000_000));
/** Openpay answers dates in central time (UTC-6, no daylight saving since 2022). */
const centralTime = (ms: number) => new Date(ms - 6 * 3600_000).toISOString().replace(/\.\d{3}Z$/, '-06:00');

/** The Openpay stand-in, not yet listening: mount `plugin` on a server, or use startOpenpaySandbox. */
export function openpaySandbox(opts: OpenpaySandboxOptions = {}): OpenpaySandbox & { setPublicBase(base: string): void } {
  const merchantId = opts.merchantId ?? SANDBOX_DEFAULTS.merchantId;
  const privateKey = opts.privateKey ?? SANDBOX_DEFAULTS.privateKey;
  const publicKey = opts.publicKey ?? SANDBOX_DEFAULTS.publicKey;
  let publicBase = opts.publicBase ?? '';
  const tokens = new Map<string, FakeCard & { used: boolean }>();
  const cards = new Map<string, FakeCard>();
  const customers = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const orderIds = new Set<string>();

  const cardJson = (c: FakeCard) => ({
    id: c.id,
    type: cardPlans(c.number).tipo,
    brand: cardBrand(c.number) ?? 'carnet',
    address: null,
    card_number: masked(c.number),
    holder_name: c.holder_name,
    expiration_year: c.expiration_year,
    expiration_month: c.expiration_month,
    allows_charges: true,
    allows_payouts: true,
    creation_date: new Date().toISOString(),
    bank_name: SANDBOX_BANK,
    bank_code: '002',
    customer_id: c.customer_id,
  });
  const publicCharge = ({ outcome: _o, redirect_url: _r, due_ms: _d, ...tx }: Json) => tx;

  /** An unpaid store/SPEI charge past its due date is cancelled (Openpay does it at the due date). */
  function current(tx: Json | undefined): Json | undefined {
    if (tx && tx.status === 'in_progress' && typeof tx.due_ms === 'number' && tx.due_ms <= Date.now()) tx.status = 'cancelled';
    return tx;
  }

  function fail(reply: FastifyReply, code: number, description: string): FastifyReply {
    const http = OPENPAY_HTTP_STATUS[code] ?? 500;
    return reply.status(http).send({
      category: http >= 500 ? 'internal' : code >= 3000 ? 'gateway' : 'request',
      description,
      http_code: http,
      error_code: code,
      request_id: randomUUID(),
    });
  }

  const sandbox = {
    merchantId,
    privateKey,
    publicKey,
    requests: [] as RecordedRequest[],
    charges,
    delayMs: 0,
    nextRaw: null as OpenpaySandbox['nextRaw'],
    setPublicBase(base: string) {
      publicBase = base;
    },
    publicCharge,
    findCharge(key: string) {
      return current(charges.get(key) ?? [...charges.values()].find((tx) => tx.reference === key));
    },
    completeThreeDs(chargeId: string, approve: boolean) {
      const tx = charges.get(chargeId);
      if (tx?.status !== 'charge_pending') return tx;
      const declined = OUTCOME_ERROR[tx.outcome as CardOutcome];
      tx.status = approve && !declined ? 'completed' : 'failed';
      if (tx.status === 'failed') tx.error_code = approve ? declined : 3001;
      else tx.authorization = authorization();
      return tx;
    },
    payReference(chargeId: string) {
      const tx = current(charges.get(chargeId));
      if (tx?.status !== 'in_progress') return tx;
      tx.status = 'completed';
      tx.authorization = authorization();
      return tx;
    },
    expireReference(chargeId: string) {
      const tx = charges.get(chargeId);
      if (tx && tx.status === 'in_progress') tx.status = 'cancelled';
      return tx;
    },
    async notify(chargeId: string) {
      const tx = charges.get(chargeId);
      if (!tx || !opts.webhook) return;
      const type = tx.status === 'completed' ? 'charge.succeeded' : tx.status === 'cancelled' ? 'charge.cancelled' : 'charge.failed';
      const event = { type, event_date: new Date().toISOString(), transaction: publicCharge(tx) };
      if (typeof opts.webhook === 'function') await opts.webhook(event);
      else await fetch(opts.webhook, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) }).catch(() => undefined);
    },
    async createToken(): Promise<{ status: number; body: Json }> {
      throw new Error('createToken: the sandbox is not listening (use startOpenpaySandbox)');
    },
    plugin: undefined as unknown as FastifyPluginAsync,
  };

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
      if (plan !== undefined && !MESES.includes(Number(plan.payments))) return fail(reply, 1003, 'payment_plan.payments is not valid');
      const orderId = str(b.order_id) || null;
      if (orderId && orderIds.has(orderId)) return fail(reply, 1006, 'The orderId already exists');
      const saved = customerId !== null ? cards.get(str(b.source_id)) : undefined;
      const token = tokens.get(str(b.source_id));
      const card = saved && saved.customer_id === customerId ? saved : token && !token.used ? token : undefined;
      if (!card) return fail(reply, 1005, 'The requested resource does not exist');
      // The card's bank must take part in the plan (a debit card in none).
      if (plan !== undefined && !cardPlans(card.number).meses.includes(Number(plan.payments)))
        return fail(reply, 3006, 'The card does not allow this payment plan');
      const outcome = cardOutcome(card.number);
      // The 3-D Secure test card charged without it is refused for risk (3005) and its token stays
      // good for the 3-D Secure charge Openpay's guide says to make next ("Token de cargo previo").
      const riskRefusal = outcome === 'requiere_3ds' && b.use_3d_secure !== true;
      if (token && card === token && !riskRefusal) token.used = true;
      if (orderId) orderIds.add(orderId);
      const tx: Json = {
        id: newId('tr'),
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
        tx.payment_method = { type: 'redirect', url: `${publicBase}/3ds/${tx.id}` };
      } else if (declined || riskRefusal) {
        tx.status = 'failed';
        tx.error_code = declined ?? 3005;
        return fail(reply, declined ?? 3005, 'The card was declined');
      } else tx.authorization = authorization();
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
    if (due.getTime() <= Date.now()) return fail(reply, 1001, 'due_date must be in the future');
    const orderId = str(b.order_id) || null;
    if (orderId && orderIds.has(orderId)) return fail(reply, 1006, 'The orderId already exists');
    if (orderId) orderIds.add(orderId);
    const store = b.method === 'store';
    // Store: a 20-digit reference (printed under a Code 128 barcode); SPEI: the 20-digit
    // reference the buyer types as the transfer's concept, to the sandbox's CLABE.
    const reference = `${store ? '9' : '8'}${digits(19)}`;
    const tx: Json = {
      id: newId('tr'),
      amount: b.amount,
      authorization: null,
      method: b.method,
      operation_type: 'in',
      transaction_type: 'charge',
      status: 'in_progress',
      currency: 'MXN',
      creation_date: new Date().toISOString(),
      operation_date: new Date().toISOString(),
      due_date: centralTime(due.getTime()),
      due_ms: due.getTime(),
      description: b.description,
      error_message: null,
      order_id: orderId,
      customer_id: customerId,
      reference,
      payment_method: store
        ? { type: 'store', reference, barcode_url: `${publicBase}/codigo/${reference}.png` }
        : { type: 'bank_transfer', agreement: SANDBOX_SPEI_AGREEMENT, bank: SANDBOX_SPEI_BANK, clabe: SANDBOX_CLABE, name: reference },
    };
    charges.set(tx.id as string, tx);
    return reply.send(publicCharge(tx));
  }

  function getCharge(customerId: string | null) {
    return async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const tx = current(charges.get(request.params.id));
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
      tx.refund = {
        id: newId('tr'),
        amount: tx.amount,
        status: 'completed',
        transaction_type: 'refund',
        description: ((request.body ?? {}) as Json).description ?? null,
      };
      return reply.send(publicCharge(tx));
    };
  }
  function listCharges(customerId: string | null) {
    return async (request: FastifyRequest<{ Querystring: { order_id?: string } }>, reply: FastifyReply) => {
      const list = [...charges.values()].filter(
        (tx) => (customerId === null || tx.customer_id === customerId) && (!request.query.order_id || tx.order_id === request.query.order_id),
      );
      return reply.send(list.reverse().map((tx) => publicCharge(current(tx)!)));
    };
  }

  /** Openpay's REST API under /v1/:merchantId. */
  const restApi: FastifyPluginAsync = async (api) => {
    // Its own refusals answer as Openpay's do; anything else (a body that is not JSON, a refused
    // character) goes to the host server's error handler, as on every route of the shop.
    api.setNotFoundHandler((_request, reply) => fail(reply, 1005, 'The requested resource does not exist'));

    api.addHook('onRequest', async (request: FastifyRequest<{ Params: { merchantId?: string } }>, reply) => {
      if (request.method === 'OPTIONS') return;
      if (sandbox.delayMs) await new Promise((r) => setTimeout(r, sandbox.delayMs));
      if (sandbox.nextRaw) {
        const raw = sandbox.nextRaw;
        sandbox.nextRaw = null;
        return reply.status(raw.status).header('content-type', raw.contentType).send(raw.body);
      }
      if (request.params.merchantId !== merchantId) return fail(reply, 1005, 'The merchant does not exist');
      const auth = /^Basic (.+)$/.exec(request.headers.authorization ?? '');
      const user = auth ? Buffer.from(auth[1]!, 'base64').toString('utf8').replace(/:$/, '') : '';
      if (user === privateKey) return;
      if (user === publicKey) {
        if (request.routeOptions.url?.endsWith('/tokens') && request.method === 'POST') return;
        return fail(reply, 1010, 'The api key or merchant id are invalid');
      }
      return fail(reply, 1002, 'The api key or merchant id are invalid');
    });
    // The raw text matters for amounts ("amount":123.45): keep what was really sent.
    api.addHook('preParsing', async (request, _reply, payload) => {
      const chunks: Buffer[] = [];
      for await (const chunk of payload) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      (request as unknown as { rawBody: string }).rawBody = text;
      return Readable.from([text]);
    });
    api.addHook('preHandler', async (request) => {
      sandbox.requests.push({
        method: request.method,
        url: request.url,
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body: (request as unknown as { rawBody?: string }).rawBody ?? '',
      });
    });

    // OpenPay.js posts cards from the shop's pages: Openpay answers them cross-origin.
    api.options('/tokens', async (_request, reply) =>
      reply
        .header('access-control-allow-origin', '*')
        .header('access-control-allow-methods', 'POST')
        .header('access-control-allow-headers', 'authorization, content-type')
        .status(204)
        .send(),
    );
    api.post('/tokens', async (request, reply) => {
      reply.header('access-control-allow-origin', '*');
      const b = (request.body ?? {}) as Json;
      const number = str(b.card_number).replace(/[\s-]/g, '');
      const month = str(b.expiration_month).padStart(2, '0');
      const holder = str(b.holder_name);
      if (!/^\d{13,19}$/.test(number)) return fail(reply, 1001, 'card_number debe tener de 13 a 19 dígitos');
      if (!holder || holder.length > 100) return fail(reply, 1001, 'holder_name es obligatorio');
      if (!/^(0[1-9]|1[0-2])$/.test(month) || !/^\d{2}$/.test(str(b.expiration_year)))
        return fail(reply, 1001, 'expiration_month / expiration_year no son válidos');
      if (!str(b.cvv2)) return fail(reply, 2006, 'The CVV2 security code is required');
      if (!/^\d{3,4}$/.test(str(b.cvv2))) return fail(reply, 2009, 'The CVV2 security code is invalid');
      if (!luhnValid(number)) return fail(reply, 2004, 'The card number verification digit is invalid');
      if (!notExpired(month, str(b.expiration_year))) return fail(reply, 2005, 'The expiration date has already passed');
      const token = {
        id: newId('k'),
        number,
        holder_name: holder,
        expiration_month: month,
        expiration_year: str(b.expiration_year),
        customer_id: null,
        used: false,
      };
      tokens.set(token.id, token);
      const { id: _id, customer_id: _c, ...card } = cardJson(token);
      return reply.status(201).send({ id: token.id, card });
    });

    api.post('/charges', charge(null));
    api.get('/charges', listCharges(null));
    api.get('/charges/:id', getCharge(null));
    api.post('/charges/:id/refund', refund(null));
    api.post<{ Params: { cid: string } }>('/customers/:cid/charges', (req, reply) => charge(req.params.cid)(req, reply));
    api.get<{ Params: { cid: string; id: string } }>('/customers/:cid/charges/:id', (req, reply) => getCharge(req.params.cid)(req, reply));
    api.get<{ Params: { cid: string } }>('/customers/:cid/charges', (req, reply) => listCharges(req.params.cid)(req as never, reply));
    api.post<{ Params: { cid: string; id: string } }>('/customers/:cid/charges/:id/refund', (req, reply) => refund(req.params.cid)(req, reply));

    api.post('/customers', async (request, reply) => {
      const b = (request.body ?? {}) as Json;
      if (!str(b.name) || !str(b.email)) return fail(reply, 1001, 'name and email are required');
      if (b.external_id && [...customers.values()].some((c) => c.external_id === b.external_id)) return fail(reply, 2003, 'The external_id already exists');
      const customer = {
        id: newId('a'),
        name: b.name,
        last_name: b.last_name ?? null,
        email: b.email,
        external_id: b.external_id ?? null,
        creation_date: new Date().toISOString(),
        status: 'active',
      };
      customers.set(customer.id, customer);
      return reply.status(201).send(customer);
    });
    api.get<{ Params: { cid: string } }>('/customers/:cid', async (request, reply) => {
      const c = customers.get(request.params.cid);
      return c ? reply.send(c) : fail(reply, 1005, 'The customer does not exist');
    });
    api.post<{ Params: { cid: string } }>('/customers/:cid/cards', async (request, reply) => {
      if (!customers.has(request.params.cid)) return fail(reply, 1005, 'The customer does not exist');
      const b = (request.body ?? {}) as Json;
      if (!str(b.token_id) || !str(b.device_session_id)) return fail(reply, 1001, 'token_id and device_session_id are required');
      const token = tokens.get(str(b.token_id));
      if (!token || token.used) return fail(reply, 1005, 'The token does not exist');
      if ([...cards.values()].some((c) => c.customer_id === request.params.cid && c.number === token.number))
        return fail(reply, 2002, 'The card is already registered');
      token.used = true;
      const card = { ...token, id: newId('k'), customer_id: request.params.cid };
      cards.set(card.id, card);
      return reply.status(201).send(cardJson(card));
    });
    // Merchant-level cards (customer_id null): a token registered without a customer — how the
    // shop learns a new card's type before offering meses sin intereses (then deletes it).
    api.post('/cards', async (request, reply) => {
      const b = (request.body ?? {}) as Json;
      if (!str(b.token_id) || !str(b.device_session_id)) return fail(reply, 1001, 'token_id and device_session_id are required');
      const token = tokens.get(str(b.token_id));
      if (!token || token.used) return fail(reply, 1005, 'The token does not exist');
      token.used = true;
      const card = { ...token, id: newId('k'), customer_id: null };
      cards.set(card.id, card);
      return reply.status(201).send(cardJson(card));
    });
    api.delete<{ Params: { id: string } }>('/cards/:id', async (request, reply) => {
      const card = cards.get(request.params.id);
      if (!card || card.customer_id !== null) return fail(reply, 1005, 'The card does not exist');
      cards.delete(card.id);
      return reply.status(204).send();
    });
    api.get<{ Params: { cid: string } }>('/customers/:cid/cards', async (request, reply) => {
      if (!customers.has(request.params.cid)) return fail(reply, 1005, 'The customer does not exist');
      return reply.send(
        [...cards.values()]
          .filter((c) => c.customer_id === request.params.cid)
          .reverse()
          .map(cardJson),
      );
    });
    api.delete<{ Params: { cid: string; id: string } }>('/customers/:cid/cards/:id', async (request, reply) => {
      const card = cards.get(request.params.id);
      if (!card || card.customer_id !== request.params.cid) return fail(reply, 1005, 'The card does not exist');
      cards.delete(card.id);
      return reply.status(204).send();
    });
  };

  sandbox.plugin = async (app) => {
    await app.register(restApi, { prefix: '/v1/:merchantId' });
    await app.register(browserPages(sandbox));
  };
  return sandbox;
}

/** The sandbox listening alone on 127.0.0.1 (port 0: any free port), for tests and the dev start. */
export async function startOpenpaySandbox(
  opts: OpenpaySandboxOptions & { port?: number; host?: string } = {},
): Promise<OpenpaySandbox & { url: string; close(): Promise<void> }> {
  const sandbox = openpaySandbox(opts);
  const app: FastifyInstance = Fastify({ logger: false });
  await app.register(sandbox.plugin);
  const url = await app.listen({ host: opts.host ?? '127.0.0.1', port: opts.port ?? 0 });
  if (opts.publicBase === undefined) sandbox.setPublicBase(url);
  const base = `${url}/v1/${sandbox.merchantId}`;
  return Object.assign(sandbox, {
    url,
    close: () => app.close(),
    async createToken(card: Parameters<OpenpaySandbox['createToken']>[0]) {
      const res = await fetch(`${base}/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${sandbox.publicKey}:`).toString('base64')}` },
        body: JSON.stringify({
          holder_name: 'Juan Pérez',
          expiration_month: '12',
          expiration_year: String((new Date().getUTCFullYear() + 2) % 100),
          cvv2: '123',
          ...card,
        }),
      });
      return { status: res.status, body: (await res.json()) as Json };
    },
  });
}

/** Where the shop mounts the sandbox's browser side in development and tests. */
export const SANDBOX_MOUNT = '/sandbox';

/**
 * The sandbox as the shop runs it in development and tests: listening on loopback for the API's
 * server-side calls (the real Openpay adapter, pointed at it by `env`), and its browser side
 * (OpenPay.js, tokens, 3-D Secure page, till) mounted on the shop at /sandbox by `module` (an API
 * RouteModule), so the browser stays on the shop's origin. `webhook` receives its notifications.
 */
export async function sandboxForShop(opts: OpenpaySandboxOptions = {}) {
  const sandbox = await startOpenpaySandbox({ publicBase: SANDBOX_MOUNT, ...opts });
  return Object.assign(sandbox, {
    env: {
      OPENPAY_MERCHANT_ID: sandbox.merchantId,
      OPENPAY_PRIVATE_KEY: sandbox.privateKey,
      OPENPAY_PUBLIC_KEY: sandbox.publicKey,
      OPENPAY_PRODUCTION: '0',
      OPENPAY_API_URL: sandbox.url,
      OPENPAY_SCRIPT_URLS: `${SANDBOX_MOUNT}/openpay.js`,
    },
    module: { name: 'openpay-sandbox', siteRoutes: (async (app) => app.register(sandbox.plugin, { prefix: SANDBOX_MOUNT })) as FastifyPluginAsync },
  });
}
export type ShopSandbox = Awaited<ReturnType<typeof sandboxForShop>>;
