import { randomInt } from 'node:crypto';
import type { Db } from '../../../db/client';
import { cardBrand, cardOutcome, cardPlans, luhnValid, maskNumber, notExpired, OUTCOME_ERROR, type CardOutcome } from './gateway.cards';
import { GatewayError } from './gateway.errors';
import { safeId } from './gateway.ids';
import type {
  ChargeResult,
  ChargeMethod,
  ChargeStatus,
  CreateChargeInput,
  CreateReferenceChargeInput,
  CustomerInput,
  GatewayCustomer,
  MaskedCard,
  PaymentGateway,
  PublicCredentials,
} from './gateway.types';
import * as repo from './sandbox.repository';
import { gatewayId } from './sandbox.ids';

export const SANDBOX_MERCHANT_ID = 'msandboxtaquilla';
export const SANDBOX_PUBLIC_KEY = 'pk_sandbox_taquilla';
const SANDBOX_BANK = 'Banco de Pruebas';
/** Browser-facing paths, outside /api/v1: the sandbox's stand-in for Openpay's own servers. */
export const SANDBOX_PATHS = {
  script: '/sandbox/openpay.js',
  tokens: (merchantId: string) => `/sandbox/v1/${merchantId}/tokens`,
  bankPage: (chargeId: string) => `/sandbox/3ds/${chargeId}`,
  /** Where a tester pays a store reference or a SPEI transfer, or lets it expire. */
  referencePage: (chargeId: string) => `/sandbox/pagos/${chargeId}`,
  barcode: (reference: string) => `/sandbox/codigo/${reference}.png`,
};
/** The sandbox's SPEI account (STP's bank and place codes, a valid CLABE check digit). */
const SANDBOX_CLABE = clabe('64618000000000001');
const SANDBOX_SPEI_BANK = 'STP (Sistema de Transferencias y Pagos)';
const SANDBOX_SPEI_AGREEMENT = '1411217';

/** A CLABE's 18th digit: weights 3, 7, 1 over the first 17, each product mod 10. */
export function clabe(first17: string): string {
  const sum = [...first17].reduce((acc, d, i) => acc + ((Number(d) * [3, 7, 1][i % 3]!) % 10), 0);
  return first17 + String((10 - (sum % 10)) % 10);
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('');
const MESES = new Set([3, 6, 9, 12, 18]);

/** What the browser sends to create a token (Openpay's token request). */
export interface TokenRequest {
  card_number?: unknown;
  holder_name?: unknown;
  expiration_month?: unknown;
  expiration_year?: unknown;
  cvv2?: unknown;
}

/** Openpay's token object: the card masked, never its number or CVV. */
export interface TokenObject {
  id: string;
  card: { card_number: string; holder_name: string; expiration_month: string; expiration_year: string; brand: string; creation_date: string; address: null };
}

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
const invalid = (description: string) => new GatewayError(1001, { description });

function toCard(row: repo.CardFields & { id?: string }, withId: boolean): MaskedCard {
  return {
    ...(withId && row.id ? { id: row.id } : {}),
    number: maskNumber(row.longitud, row.ultimos4),
    last4: row.ultimos4,
    brand: row.marca,
    type: row.tipo,
    bank: SANDBOX_BANK,
    holderName: row.titular,
    expirationMonth: row.mesExpiracion,
    expirationYear: row.anioExpiracion,
  };
}

function instructionsOf(row: repo.SandboxChargeRow, publicUrl: string | undefined): ChargeResult['instructions'] {
  if (row.metodo === 'store') return { type: 'store', reference: row.referencia!, barcodeUrl: `${publicUrl ?? ''}${SANDBOX_PATHS.barcode(row.referencia!)}` };
  if (row.metodo === 'bank_account') return { type: 'bank_account', clabe: row.clabe!, bank: SANDBOX_SPEI_BANK, agreement: SANDBOX_SPEI_AGREEMENT, name: row.referencia! };
  return undefined;
}

function toCharge(row: repo.SandboxChargeRow, publicUrl: string | undefined): ChargeResult {
  if (row.metodo !== 'card') {
    return {
      id: row.id,
      orderId: row.orderId,
      amount: row.monto,
      status: row.status as ChargeStatus,
      method: row.metodo as ChargeMethod,
      instructions: instructionsOf(row, publicUrl),
      dueDate: row.venceEn!,
      ...(row.clienteId ? { customerId: row.clienteId } : {}),
    };
  }
  return {
    id: row.id,
    orderId: row.orderId,
    amount: row.monto,
    status: row.status as ChargeStatus,
    method: 'card',
    ...(row.mesesSinIntereses ? { payments: row.mesesSinIntereses } : {}),
    ...(row.status === 'charge_pending' ? { redirectUrl: `${publicUrl ?? ''}${SANDBOX_PATHS.bankPage(row.id)}` } : {}),
    ...(row.errorCode !== null ? { errorCode: row.errorCode } : {}),
    ...(row.autorizacion ? { authorization: row.autorizacion } : {}),
    ...(row.clienteId ? { customerId: row.clienteId } : {}),
    card: row.tarjeta as MaskedCard,
  };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const authorization = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * The built-in sandbox: Openpay's behaviour (statuses, error codes, order_id uniqueness,
 * single-use tokens, 3-D Secure redirect) with its state in PostgreSQL, so every API process
 * sees the same charges. The test cards are in ../cards.ts and api/README.md.
 */
export class SandboxGateway implements PaymentGateway {
  readonly proveedor = 'sandbox' as const;

  /** publicUrl: origin put in front of bank-page links; without it they are root-relative. */
  constructor(private readonly db: Db, private readonly publicUrl: string | undefined) {
    if (process.env.NODE_ENV === 'production') {
      throw new Error('La pasarela de pruebas (sandbox) no puede usarse con NODE_ENV=production.');
    }
  }

  publicCredentials(): PublicCredentials {
    return {
      proveedor: 'sandbox',
      merchantId: SANDBOX_MERCHANT_ID,
      publicKey: SANDBOX_PUBLIC_KEY,
      sandbox: true,
      scriptUrls: [`${this.publicUrl ?? ''}${SANDBOX_PATHS.script}`],
    };
  }

  /**
   * Tokenises a card sent by the browser script. Validates like Openpay (1001 format, 2004 Luhn,
   * 2005 expired, 2006/2009 CVV) and keeps only the last four digits and what the test card does.
   */
  async createToken(body: TokenRequest): Promise<TokenObject> {
    const number = text(body.card_number).replace(/[\s-]/g, '');
    const holder = text(body.holder_name);
    const month = text(body.expiration_month).padStart(2, '0');
    const year = text(body.expiration_year);
    const cvv = text(body.cvv2);
    if (!/^\d{13,19}$/.test(number)) throw invalid('card_number debe tener de 13 a 19 dígitos');
    if (holder.length === 0 || holder.length > 100) throw invalid('holder_name es obligatorio');
    if (!/^(0[1-9]|1[0-2])$/.test(month) || !/^\d{2}$/.test(year)) throw invalid('expiration_month / expiration_year no son válidos');
    if (cvv === '') throw new GatewayError(2006);
    if (!/^\d{3,4}$/.test(cvv)) throw new GatewayError(2009);
    if (!luhnValid(number)) throw new GatewayError(2004);
    if (!notExpired(month, year)) throw new GatewayError(2005);
    const row = await repo.insertToken(this.db, gatewayId(), {
      ultimos4: number.slice(-4),
      longitud: number.length,
      marca: cardBrand(number),
      titular: holder,
      mesExpiracion: month,
      anioExpiracion: year,
      resultado: cardOutcome(number),
      ...cardPlans(number),
    });
    return {
      id: row.id,
      card: {
        card_number: maskNumber(row.longitud, row.ultimos4),
        holder_name: row.titular,
        expiration_month: row.mesExpiracion,
        expiration_year: row.anioExpiracion,
        brand: row.marca,
        creation_date: row.createdAt.toISOString(),
        address: null,
      },
    };
  }

  async createCharge(input: CreateChargeInput): Promise<ChargeResult> {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw invalid('amount debe ser mayor que cero');
    if (!input.description.trim() || input.description.length > 250) throw invalid('description es obligatoria (máx. 250)');
    if (!input.orderId || input.orderId.length > 100) throw invalid('order_id es obligatorio (máx. 100)');
    if (!input.deviceSessionId || input.deviceSessionId.length > 255) throw invalid('device_session_id es obligatorio');
    if (!isHttpUrl(input.redirectUrl)) throw invalid('redirect_url debe ser una URL absoluta');
    if (input.paymentPlan && !MESES.has(input.paymentPlan.payments)) throw new GatewayError(1003, { description: 'payment_plan.payments' });
    const customerId = 'customerId' in input.customer ? safeId(input.customer.customerId) : null;
    const sourceId = safeId(input.sourceId);

    const row = await this.db.transaction(async (tx) => {
      if (customerId && !(await repo.findCustomer(tx, customerId))) throw new GatewayError(1005, { description: 'customer' });
      const saved = customerId ? await repo.findCard(tx, customerId, sourceId) : undefined;
      const source = saved ?? (await repo.consumeToken(tx, sourceId));
      if (!source) throw new GatewayError(1005, { description: 'source_id' });
      // The card's bank must take part in the plan (a debit card in none), as at Openpay.
      if (input.paymentPlan && !source.meses.includes(input.paymentPlan.payments)) {
        throw new GatewayError(3006, { description: `la tarjeta no admite ${input.paymentPlan.payments} meses sin intereses` });
      }
      const outcome = source.resultado as CardOutcome;
      const errorCode = OUTCOME_ERROR[outcome];
      const threeDs = input.use3ds || outcome === 'requiere_3ds';
      const inserted = await repo.insertCharge(tx, {
        id: gatewayId('tr'),
        orderId: input.orderId,
        clienteId: customerId,
        monto: input.amount,
        descripcion: input.description,
        status: threeDs ? 'charge_pending' : errorCode ? 'failed' : 'completed',
        errorCode: threeDs ? null : (errorCode ?? null),
        autorizacion: threeDs || errorCode ? null : authorization(),
        tarjeta: toCard({ ...source, id: saved?.id }, Boolean(saved)),
        resultado: outcome,
        use3ds: input.use3ds,
        redirectUrl: input.redirectUrl,
        mesesSinIntereses: input.paymentPlan?.payments ?? null,
      });
      // Rolls back the token's use too: the buyer can retry it after the duplicate is sorted out.
      if (!inserted) throw new GatewayError(1006);
      return inserted;
    });
    if (row.status === 'failed') throw new GatewayError(row.errorCode, { description: `cargo ${row.id} rechazado` });
    return toCharge(row, this.publicUrl);
  }

  /**
   * A store reference or a SPEI transfer to pay by `dueDate` (Openpay's method store /
   * bank_account): 'in_progress' until the tester pays it on the sandbox's page
   * (payReference) or it passes its due date and reads as 'cancelled'.
   */
  async createReferenceCharge(input: CreateReferenceChargeInput): Promise<ChargeResult> {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw invalid('amount debe ser mayor que cero');
    if (!input.description.trim() || input.description.length > 250) throw invalid('description es obligatoria (máx. 250)');
    if (!input.orderId || input.orderId.length > 100) throw invalid('order_id es obligatorio (máx. 100)');
    if (!input.customer.name.trim() || !input.customer.email.trim()) throw invalid('customer.name y customer.email son obligatorios');
    if (!(input.dueDate.getTime() > Date.now())) throw invalid('due_date debe ser posterior a la fecha actual');
    const store = input.method === 'store';
    const row = await repo.insertCharge(this.db, {
      id: gatewayId('tr'),
      orderId: input.orderId,
      clienteId: null,
      monto: input.amount,
      descripcion: input.description,
      status: 'in_progress',
      tarjeta: {},
      resultado: 'aprobada',
      use3ds: false,
      redirectUrl: '',
      metodo: input.method,
      // Store: a 20-digit reference (printed under a Code 128 barcode); SPEI: the 20-digit
      // reference the buyer types as the transfer's concept, to the sandbox's CLABE.
      referencia: `${store ? '9' : '8'}${digits(19)}`,
      clabe: store ? null : SANDBOX_CLABE,
      venceEn: input.dueDate,
    });
    if (!row) throw new GatewayError(1006);
    return toCharge(row, this.publicUrl);
  }

  async getCharge(chargeId: string): Promise<ChargeResult> {
    const row = await repo.findCharge(this.db, safeId(chargeId));
    if (!row) throw new GatewayError(1005, { description: 'charge' });
    return toCharge(await this.lapsed(row), this.publicUrl);
  }

  async findChargeByOrderId(orderId: string): Promise<ChargeResult | null> {
    const row = await repo.findChargeByOrderId(this.db, orderId);
    return row ? toCharge(await this.lapsed(row), this.publicUrl) : null;
  }

  /** An unpaid store/SPEI charge past its due date is cancelled (Openpay does it at the due date). */
  private async lapsed(row: repo.SandboxChargeRow): Promise<repo.SandboxChargeRow> {
    if (row.status !== 'in_progress' || !row.venceEn || row.venceEn.getTime() > Date.now()) return row;
    return (await repo.transitionCharge(this.db, row.id, 'in_progress', { status: 'cancelled' })) ?? (await repo.findCharge(this.db, row.id))!;
  }

  /** The charge behind a reference, by charge id or by the reference itself (what a cashier types). */
  async referenceState(idOrReference: string): Promise<ChargeResult | null> {
    const key = safeId(idOrReference);
    const row = (await repo.findCharge(this.db, key)) ?? (await repo.findChargeByReference(this.db, key));
    if (!row || row.metodo === 'card') return null;
    return toCharge(await this.lapsed(row), this.publicUrl);
  }

  /**
   * The tester pays the reference at the store / sends the transfer: only an unpaid charge
   * within its due date moves to 'completed'; anything else answers the charge as it is.
   */
  async payReference(chargeId: string): Promise<ChargeResult> {
    const row = await repo.findCharge(this.db, safeId(chargeId));
    if (!row || row.metodo === 'card') throw new GatewayError(1005, { description: 'charge' });
    const current = await this.lapsed(row);
    const moved = current.status === 'in_progress' ? await repo.transitionCharge(this.db, row.id, 'in_progress', { status: 'completed', autorizacion: authorization() }) : undefined;
    return toCharge(moved ?? (await repo.findCharge(this.db, row.id))!, this.publicUrl);
  }

  /** The tester lets the reference expire now: its due date moves to now and it is cancelled. */
  async expireReference(chargeId: string): Promise<ChargeResult> {
    const row = await repo.findCharge(this.db, safeId(chargeId));
    if (!row || row.metodo === 'card') throw new GatewayError(1005, { description: 'charge' });
    const moved = await repo.transitionCharge(this.db, row.id, 'in_progress', { status: 'cancelled' });
    return toCharge(moved ?? row, this.publicUrl);
  }

  /** The charge behind a bank page and where the browser returns afterwards. */
  async threeDsState(chargeId: string): Promise<{ charge: ChargeResult; redirectUrl: string }> {
    const row = await repo.findCharge(this.db, safeId(chargeId));
    if (!row) throw new GatewayError(1005, { description: 'charge' });
    return { charge: toCharge(row, this.publicUrl), redirectUrl: row.redirectUrl };
  }

  /**
   * The bank page's answer to 3-D Secure: approves (the card's own outcome then applies: a
   * test card that declines still declines) or rejects (3001). Only a pending charge moves;
   * a replayed answer returns the charge as it is.
   */
  async completeThreeDs(chargeId: string, approve: boolean): Promise<{ charge: ChargeResult; redirectUrl: string }> {
    const current = await repo.findCharge(this.db, safeId(chargeId));
    if (!current) throw new GatewayError(1005, { description: 'charge' });
    const errorCode = approve ? (OUTCOME_ERROR[current.resultado as CardOutcome] ?? null) : 3001;
    const moved = await repo.transitionCharge(this.db, current.id, 'charge_pending', {
      status: errorCode ? 'failed' : 'completed',
      errorCode,
      autorizacion: errorCode ? null : authorization(),
    });
    const row = moved ?? (await repo.findCharge(this.db, current.id))!;
    return { charge: toCharge(row, this.publicUrl), redirectUrl: row.redirectUrl };
  }

  async refund(chargeId: string): Promise<ChargeResult> {
    const id = safeId(chargeId);
    const row = await repo.transitionCharge(this.db, id, 'completed', { status: 'refunded', reembolsado: true });
    if (row) return toCharge(row, this.publicUrl);
    if (!(await repo.findCharge(this.db, id))) throw new GatewayError(1005, { description: 'charge' });
    throw new GatewayError(1003, { description: 'solo un cargo completado puede reembolsarse' });
  }

  async createCustomer(input: CustomerInput): Promise<GatewayCustomer> {
    if (!input.name.trim() || !input.email.trim()) throw invalid('name y email son obligatorios');
    const row = await repo.insertCustomer(this.db, {
      id: gatewayId(),
      nombre: input.name,
      apellidos: input.lastName ?? null,
      email: input.email,
      externalId: input.externalId ?? null,
    });
    if (!row) throw new GatewayError(2003);
    return { id: row.id, name: row.nombre, email: row.email, externalId: row.externalId };
  }

  async addCard(customerId: string, tokenId: string, deviceSessionId: string): Promise<MaskedCard> {
    if (!deviceSessionId) throw invalid('device_session_id es obligatorio');
    const clienteId = safeId(customerId);
    const token = safeId(tokenId);
    return this.db.transaction(async (tx) => {
      if (!(await repo.findCustomer(tx, clienteId))) throw new GatewayError(1005, { description: 'customer' });
      const source = await repo.consumeToken(tx, token);
      if (!source) throw new GatewayError(1005, { description: 'token_id' });
      const same = (await repo.listCards(tx, clienteId)).some(
        (c) => c.ultimos4 === source.ultimos4 && c.longitud === source.longitud && c.marca === source.marca && c.mesExpiracion === source.mesExpiracion && c.anioExpiracion === source.anioExpiracion,
      );
      if (same) throw new GatewayError(2002);
      const { id: _token, usadoEn: _used, createdAt: _created, ...card } = source;
      return toCard(await repo.insertCard(tx, gatewayId('k'), clienteId, card), true);
    });
  }

  async listCards(customerId: string): Promise<MaskedCard[]> {
    const clienteId = safeId(customerId);
    if (!(await repo.findCustomer(this.db, clienteId))) throw new GatewayError(1005, { description: 'customer' });
    return (await repo.listCards(this.db, clienteId)).map((c) => toCard(c, true));
  }

  async deleteCard(customerId: string, cardId: string): Promise<void> {
    if (!(await repo.deleteCard(this.db, safeId(customerId), safeId(cardId)))) throw new GatewayError(1005, { description: 'card' });
  }
}
