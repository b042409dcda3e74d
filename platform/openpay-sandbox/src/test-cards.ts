/**
 * The sandbox's test cards (README "Pagos de prueba: tarjetas"): what charging each one does and
 * the meses sin intereses plans its bank takes part in. Number facts (Luhn, brand): @taquilla/shared/cards.
 */
export { luhnValid } from '@taquilla/shared/cards';

/** What happens when a test card is charged. */
export type CardOutcome = 'aprobada' | 'declinada' | 'expirada' | 'sin_fondos' | 'robada' | 'fraudulenta' | 'requiere_3ds';

/** Error code of a refused charge per outcome. */
export const OUTCOME_ERROR: Readonly<Partial<Record<CardOutcome, number>>> = {
  declinada: 3001,
  expirada: 3002,
  sin_fondos: 3003,
  robada: 3004,
  fraudulenta: 3005,
};

/**
 * The documented test cards: Openpay's sandbox numbers
 * for declines, plus one that always asks for 3-D Secure. Any other valid number is approved.
 */
export const TEST_CARDS: Readonly<Record<string, CardOutcome>> = {
  '4111111111111111': 'aprobada',
  '5555555555554444': 'aprobada',
  '4222222222222220': 'declinada',
  '4000000000000069': 'expirada',
  '4444444444444448': 'sin_fondos',
  '4000000000000119': 'robada',
  '4000000000000044': 'fraudulenta',
  '4000000000003220': 'requiere_3ds',
};

export function cardOutcome(number: string): CardOutcome {
  return TEST_CARDS[number] ?? 'aprobada';
}

/** True when MM/YY (or MM/YYYY) is this month or later. */
export function notExpired(month: string, year: string, now = new Date()): boolean {
  const m = Number(month);
  const y = year.length === 2 ? 2000 + Number(year) : Number(year);
  if (!Number.isInteger(m) || m < 1 || m > 12 || !Number.isInteger(y)) return false;
  return y > now.getUTCFullYear() || (y === now.getUTCFullYear() && m >= now.getUTCMonth() + 1);
}

/**
 * The test cards' type and the meses sin intereses plans their bank takes part in: credit
 * cards of participating banks allow some plans, a debit card none. A plan the card does not
 * allow is refused with 3006 (operation not allowed for this card), as Openpay does. Any other
 * valid number is a credit card without plans.
 */
export const TEST_CARD_PLANS: Readonly<Record<string, { tipo: 'credit' | 'debit'; meses: number[] }>> = {
  '4111111111111111': { tipo: 'credit', meses: [3, 6, 9, 12] },
  '5555555555554444': { tipo: 'credit', meses: [3, 6] },
  '4000000000003220': { tipo: 'credit', meses: [3, 6, 9, 12] },
  '4000000000000002': { tipo: 'debit', meses: [] },
};

export function cardPlans(number: string): { tipo: 'credit' | 'debit'; meses: number[] } {
  return TEST_CARD_PLANS[number] ?? { tipo: 'credit', meses: [] };
}
