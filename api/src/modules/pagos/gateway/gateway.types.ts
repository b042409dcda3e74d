/**
 * The one payment gateway interface, implemented by Openpay's adapter (./openpay.gateway.ts);
 * the sale, saved cards and checks only ever see this. Amounts are integer centavos here; the
 * adapter converts at its border.
 */

/** Openpay's transaction statuses that a card charge can be in. */
export type ChargeStatus = 'completed' | 'in_progress' | 'charge_pending' | 'failed' | 'cancelled' | 'refunded';

/** Meses sin intereses (Openpay's payment_plan.payments). */
export type MesesSinIntereses = 3 | 6 | 9 | 12 | 18;

/** A card as the gateway shows it: masked, never a full number or a CVV. */
export interface MaskedCard {
  /** Openpay's card id when the card is saved on a customer; absent for a one-off token. */
  id?: string;
  /** e.g. 'XXXXXXXXXXXX1111' or '411111XXXXXX1111' (whatever the gateway masks). */
  number: string;
  last4: string;
  brand: string;
  /** 'credit' | 'debit' | …; '' when the gateway does not say. */
  type: string;
  bank: string;
  holderName: string;
  expirationMonth: string;
  expirationYear: string;
}

export type ChargeCustomer = { name: string; lastName?: string; email: string; phoneNumber?: string } | { customerId: string };

export interface CreateChargeInput {
  /**
   * Unique among every charge ever made at the gateway. Derive it from the reservation: a
   * second charge with the same orderId is refused with GatewayError 1006 (duplicate order),
   * which is what keeps a retried request from billing twice. A declined charge keeps its
   * orderId too, so a new attempt after a decline needs a new one.
   */
  orderId: string;
  /** Integer centavos, > 0. */
  amount: number;
  description: string;
  /** A token from the browser (OpenPay.token.create) or a saved card id of `customer.customerId`. */
  sourceId: string;
  /** From OpenPay.deviceData.setup() in the buyer's browser. */
  deviceSessionId: string;
  customer: ChargeCustomer;
  use3ds: boolean;
  /** Absolute URL the buyer's browser returns to after 3-D Secure, with `?id=<chargeId>` appended. */
  redirectUrl: string;
  paymentPlan?: { payments: MesesSinIntereses };
}

/** Openpay's charge methods: a card, cash at a convenience store, a SPEI transfer. */
type ChargeMethod = 'card' | 'store' | 'bank_account';

export interface CreateReferenceChargeInput {
  method: 'store' | 'bank_account';
  /** Unique among every charge (as for cards). */
  orderId: string;
  /** Integer centavos, > 0. */
  amount: number;
  description: string;
  customer: { name: string; lastName?: string; email: string };
  /** After it the reference can no longer be paid and the gateway cancels the charge. */
  dueDate: Date;
}

/** What the buyer needs to pay a store or SPEI charge (Openpay's payment_method). */
type PaymentInstructions =
  | { type: 'store'; reference: string; barcodeUrl: string }
  | { type: 'bank_account'; clabe: string; bank: string; agreement: string /** The reference (concepto) to type in the bank app. */; name: string };

export interface ChargeResult {
  id: string;
  orderId: string | null;
  /** Integer centavos. */
  amount: number;
  status: ChargeStatus;
  method?: ChargeMethod;
  /** Store and SPEI charges: how to pay, and until when. */
  instructions?: PaymentInstructions;
  dueDate?: Date;
  /** Meses sin intereses the card charge was made with. */
  payments?: number;
  /** Where the browser must go now (3-D Secure bank page); only while status is 'charge_pending'. */
  redirectUrl?: string;
  /** Openpay's error_code of a failed charge. */
  errorCode?: number;
  authorization?: string;
  customerId?: string;
  card?: MaskedCard;
}

export interface CustomerInput {
  name: string;
  lastName?: string;
  email: string;
  /** Our user id, so a second creation for the same user is refused (2003) instead of duplicated. */
  externalId?: string;
}

export interface GatewayCustomer {
  id: string;
  name: string;
  email: string;
  externalId: string | null;
}

/** What the buyer's browser needs to tokenise a card (spec §7 GET /pagos/get/credenciales). */
export interface PublicCredentials {
  proveedor: 'openpay';
  merchantId: string;
  publicKey: string;
  /** True when the keys are test keys (Openpay's sandbox, or the dev sandbox standing in for it). */
  sandbox: boolean;
  /** Scripts the browser loads, in order; absolute, or root-relative to the API's origin. */
  scriptUrls: string[];
}

export interface PaymentGateway {
  readonly proveedor: 'openpay';
  publicCredentials(): PublicCredentials;
  /**
   * Charges a card. Resolves with the charge (completed, or charge_pending with a redirectUrl
   * for 3-D Secure); rejects with GatewayError for a decline (3001–3012), a duplicate orderId
   * (1006) or any other refusal. A rejection with `errorCode === null` (timeout, network)
   * means the outcome is unknown: look the charge up with findChargeByOrderId before retrying.
   */
  createCharge(input: CreateChargeInput): Promise<ChargeResult>;
  /**
   * A store (cash) or SPEI charge: answers 'in_progress' with the reference to pay; the charge
   * becomes 'completed' when paid (webhook charge.succeeded) or 'cancelled' after its due date.
   */
  createReferenceCharge(input: CreateReferenceChargeInput): Promise<ChargeResult>;
  /** Current state, always from the gateway. Unknown id → GatewayError 1005. */
  getCharge(chargeId: string, customerId?: string): Promise<ChargeResult>;
  /** The charge made with this orderId, if any. */
  findChargeByOrderId(orderId: string, customerId?: string): Promise<ChargeResult | null>;
  /** Refunds a completed charge in full. */
  refund(chargeId: string, description: string, customerId?: string): Promise<ChargeResult>;
  createCustomer(input: CustomerInput): Promise<GatewayCustomer>;
  /** Saves the card behind a browser token on the customer. */
  addCard(customerId: string, tokenId: string, deviceSessionId: string): Promise<MaskedCard>;
  listCards(customerId: string): Promise<MaskedCard[]>;
  /**
   * A new card's type ('credit'/'debit') and bank, learnt from a browser token before paying;
   * the token is used up and nothing stays stored (the payment tokenises the card again).
   * Unknown or used token → GatewayError 1005.
   */
  cardDetails(tokenId: string, deviceSessionId: string): Promise<MaskedCard>;
  deleteCard(customerId: string, cardId: string): Promise<void>;
}
