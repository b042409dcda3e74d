import { z } from 'zod';
import { centavosToPesos } from './gateway.amount';
import { GatewayError } from './gateway.errors';
import { safeId } from './gateway.ids';
import type {
  ChargeResult,
  ChargeStatus,
  CreateChargeInput,
  CreateReferenceChargeInput,
  CustomerInput,
  GatewayCustomer,
  MaskedCard,
  PaymentGateway,
  PublicCredentials,
} from './gateway.types';
import { OpenpayClient, type ClientLog } from './openpay.client';
import { emptySchema, openpayCardSchema, openpayChargeSchema, openpayCustomerSchema, type OpenpayCard, type OpenpayCharge } from './openpay.schemas';

const OPENPAY_SCRIPTS = ['https://js.openpay.mx/openpay.v1.min.js', 'https://js.openpay.mx/openpay-data.v1.min.js'];
export const OPENPAY_SANDBOX_URL = 'https://sandbox-api.openpay.mx';
export const OPENPAY_PRODUCTION_URL = 'https://api.openpay.mx';

export interface OpenpayConfig {
  merchantId: string;
  privateKey: string;
  publicKey: string;
  production: boolean;
  /** Base URL without /v1; defaults to Openpay's sandbox or production host. */
  apiUrl: string;
  timeoutMs: number;
  /** OpenPay.js and its device-data script (OPENPAY_SCRIPT_URLS; default Openpay's, the only ones production allows). */
  scriptUrls?: string[];
}

const STATUSES: Record<string, ChargeStatus> = {
  completed: 'completed',
  in_progress: 'in_progress',
  charge_pending: 'charge_pending',
  failed: 'failed',
  cancelled: 'cancelled',
  refunded: 'refunded',
  // A disputed charge was paid and the sale stands; disputes are settled in Openpay's dashboard.
  chargeback_pending: 'completed',
  chargeback_accepted: 'refunded',
  chargeback_adjustment: 'refunded',
};

function toCard(card: OpenpayCard): MaskedCard {
  return {
    ...(card.id ? { id: card.id } : {}),
    number: card.card_number,
    last4: card.card_number.slice(-4),
    brand: card.brand,
    type: card.type,
    bank: card.bank_name,
    holderName: card.holder_name,
    expirationMonth: card.expiration_month,
    expirationYear: card.expiration_year,
  };
}

function instructionsOf(charge: OpenpayCharge): ChargeResult['instructions'] {
  const pm = charge.payment_method;
  if (charge.method === 'store' && pm?.reference) return { type: 'store', reference: pm.reference, barcodeUrl: pm.barcode_url ?? '' };
  // Openpay answers a bank_account charge with payment_method.type 'bank_transfer'.
  if (charge.method === 'bank_account' && pm?.clabe)
    return { type: 'bank_account', clabe: pm.clabe, bank: pm.bank ?? '', agreement: pm.agreement ?? '', name: pm.name ?? '' };
  return undefined;
}

/** Openpay's due_date ('2014-05-28T13:45:00-05:00', central time) as an instant. */
function dueDateOf(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function toCharge(charge: OpenpayCharge): ChargeResult {
  const refunded = charge.refund?.status === 'completed';
  const status = refunded ? 'refunded' : STATUSES[charge.status.toLowerCase()];
  if (!status) throw new GatewayError(null, { description: `estado de cargo desconocido: ${charge.status}` });
  const method = charge.method === 'store' || charge.method === 'bank_account' ? charge.method : 'card';
  const instructions = instructionsOf(charge);
  const dueDate = dueDateOf(charge.due_date);
  return {
    method,
    ...(instructions ? { instructions } : {}),
    ...(dueDate ? { dueDate } : {}),
    ...(charge.payment_plan?.payments ? { payments: charge.payment_plan.payments } : {}),
    id: charge.id,
    orderId: charge.order_id ?? null,
    amount: charge.amount,
    status,
    ...(status === 'charge_pending' && charge.payment_method?.type === 'redirect' && charge.payment_method.url
      ? { redirectUrl: charge.payment_method.url }
      : {}),
    ...(charge.error_code ? { errorCode: charge.error_code } : {}),
    ...(charge.authorization ? { authorization: charge.authorization } : {}),
    ...(charge.customer_id ? { customerId: charge.customer_id } : {}),
    ...(charge.card ? { card: toCard(charge.card) } : {}),
  };
}

const prefix = (customerId?: string) => (customerId ? `/customers/${safeId(customerId)}` : '');

/** Openpay (https://www.openpay.mx/docs/api/), through its REST API. */
export class OpenpayGateway implements PaymentGateway {
  readonly proveedor = 'openpay' as const;
  private readonly client: OpenpayClient;

  constructor(
    private readonly config: OpenpayConfig,
    log?: ClientLog,
  ) {
    this.client = new OpenpayClient({ apiUrl: config.apiUrl, merchantId: config.merchantId, privateKey: config.privateKey, timeoutMs: config.timeoutMs, log });
  }

  publicCredentials(): PublicCredentials {
    return {
      proveedor: 'openpay',
      merchantId: this.config.merchantId,
      publicKey: this.config.publicKey,
      sandbox: !this.config.production,
      scriptUrls: this.config.scriptUrls ?? OPENPAY_SCRIPTS,
    };
  }

  async createCharge(input: CreateChargeInput): Promise<ChargeResult> {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
      throw new GatewayError(1001, { description: 'amount debe ser un entero positivo de centavos' });
    const customerId = 'customerId' in input.customer ? input.customer.customerId : undefined;
    const body = {
      method: 'card',
      source_id: input.sourceId,
      amount: centavosToPesos(input.amount),
      currency: 'MXN',
      description: input.description,
      order_id: input.orderId,
      device_session_id: input.deviceSessionId,
      ...('customerId' in input.customer
        ? {}
        : {
            customer: { name: input.customer.name, last_name: input.customer.lastName, email: input.customer.email, phone_number: input.customer.phoneNumber },
          }),
      // 3-D Secure when asked for (slate "3D Secure"): the charge answers charge_pending with the
      // bank's URL, and the bank sends the buyer back to redirect_url?id=<charge>.
      ...(input.use3ds ? { use_3d_secure: true, redirect_url: input.redirectUrl } : {}),
      ...(input.paymentPlan ? { payment_plan: { payments: input.paymentPlan.payments } } : {}),
    };
    return toCharge(await this.client.request('POST', `${prefix(customerId)}/charges`, openpayChargeSchema, body));
  }

  /**
   * POST /v1/{merchant}/charges with method 'store' (answers payment_method.reference and
   * barcode_url) or 'bank_account' (payment_method.clabe, bank, agreement and name, the
   * transfer's reference), at the merchant level with the buyer as `customer`.
   */
  async createReferenceCharge(input: CreateReferenceChargeInput): Promise<ChargeResult> {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
      throw new GatewayError(1001, { description: 'amount debe ser un entero positivo de centavos' });
    const body = {
      method: input.method,
      amount: centavosToPesos(input.amount),
      currency: 'MXN',
      description: input.description,
      order_id: input.orderId,
      // ISO 8601 in UTC; Openpay stores it in central time.
      due_date: input.dueDate.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      customer: { name: input.customer.name, last_name: input.customer.lastName, email: input.customer.email },
    };
    return toCharge(await this.client.request('POST', '/charges', openpayChargeSchema, body));
  }

  async getCharge(chargeId: string, customerId?: string): Promise<ChargeResult> {
    return toCharge(await this.client.request('GET', `${prefix(customerId)}/charges/${safeId(chargeId)}`, openpayChargeSchema));
  }

  async findChargeByOrderId(orderId: string, customerId?: string): Promise<ChargeResult | null> {
    const list = await this.client.request(
      'GET',
      `${prefix(customerId)}/charges?order_id=${encodeURIComponent(orderId)}&limit=1`,
      z.array(openpayChargeSchema),
    );
    return list[0] ? toCharge(list[0]) : null;
  }

  async refund(chargeId: string, description: string, customerId?: string): Promise<ChargeResult> {
    return toCharge(await this.client.request('POST', `${prefix(customerId)}/charges/${safeId(chargeId)}/refund`, openpayChargeSchema, { description }));
  }

  async createCustomer(input: CustomerInput): Promise<GatewayCustomer> {
    const c = await this.client.request('POST', '/customers', openpayCustomerSchema, {
      name: input.name,
      last_name: input.lastName,
      email: input.email,
      external_id: input.externalId,
      requires_account: false,
    });
    return { id: c.id, name: c.name, email: c.email, externalId: c.external_id ?? null };
  }

  async addCard(customerId: string, tokenId: string, deviceSessionId: string): Promise<MaskedCard> {
    return toCard(
      await this.client.request('POST', `${prefix(customerId)}/cards`, openpayCardSchema, { token_id: tokenId, device_session_id: deviceSessionId }),
    );
  }

  /**
   * Openpay's token answer has no card type; its card object does (`type`, `bank_name`). The
   * token is registered as a merchant-level card (POST /v1/{merchant}/cards with token_id and
   * device_session_id), read, and that card deleted again: a buyer who did not ask to save the
   * card leaves nothing stored. A failed delete only leaves an unused merchant card behind.
   */
  async cardDetails(tokenId: string, deviceSessionId: string): Promise<MaskedCard> {
    const card = toCard(await this.client.request('POST', '/cards', openpayCardSchema, { token_id: tokenId, device_session_id: deviceSessionId }));
    if (card.id) await this.client.request('DELETE', `/cards/${safeId(card.id)}`, emptySchema).catch(() => undefined);
    const { id: _id, ...rest } = card;
    return rest;
  }

  async listCards(customerId: string): Promise<MaskedCard[]> {
    return (await this.client.request('GET', `${prefix(customerId)}/cards?limit=100`, z.array(openpayCardSchema))).map(toCard);
  }

  async deleteCard(customerId: string, cardId: string): Promise<void> {
    await this.client.request('DELETE', `${prefix(customerId)}/cards/${safeId(cardId)}`, emptySchema);
  }
}
