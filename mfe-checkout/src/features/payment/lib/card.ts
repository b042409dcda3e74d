import { cardBrand as brandOf, luhnValid } from '@taquilla/shared/cards';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
/** Card form rules of spec §5 "Card form": as-you-type clean-up, brand detection and validation. */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | null;

export interface CardInput {
  holder: string;
  number: string;
  expiry: string;
  cvv: string;
}

export type CardErrors = Partial<Record<keyof CardInput, string>>;

/** Letters (accents and ñ included) and spaces; everything else is dropped as typed. */
export const cleanHolder = (raw: string) =>
  raw
    .replace(/[^\p{L} ]/gu, '')
    .replace(/ {2,}/g, ' ')
    .trimStart();

const cardDigits = (raw: string) => raw.replace(/\D/g, '').slice(0, 16);

/** The brand as the form shows it (@taquilla/shared/cards decides). */
export function cardBrand(number: string): CardBrand {
  const brand = brandOf(cardDigits(number));
  return brand === 'american_express' ? 'amex' : brand;
}

/** Groups as printed on the card: 4-6-5 for American Express, groups of 4 otherwise. */
export function formatCardNumber(raw: string): string {
  const d = cardDigits(raw);
  if (cardBrand(d) === 'amex') return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(' ');
  return d.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** MM/YY with the slash inserted once the month is typed. */
export function formatExpiry(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

export const cleanCvv = (raw: string) => raw.replace(/\D/g, '').slice(0, 4);

/** Digits a complete number of this brand has: 15 for American Express, 16 otherwise. */
const fullLength = (digits: string) => (cardBrand(digits) === 'amex' ? 15 : 16);

/**
 * The number's problem as it is typed: none while digits are missing, the typo message once the
 * number is complete and its check digit does not match (the way the form checks the rest).
 */
export function numberProblemAsTyped(number: string): string | undefined {
  const digits = cardDigits(number);
  if (digits.length < fullLength(digits)) return undefined;
  return luhnValid(digits) ? undefined : pagoMessages.CARD_NUMBER_MISTYPED;
}

/** Every problem of the form, by field; empty when the card can be tokenised. `now` decides expiry. */
export function validateCard(card: CardInput, now: Date): CardErrors {
  const errors: CardErrors = {};
  if (!/^\p{L}[\p{L} ]*$/u.test(card.holder.trim())) errors.holder = pagoMessages.CARD_HOLDER_INVALID;
  const digits = card.number.replace(/\s/g, '');
  if (!/^\d{15,16}$/.test(digits)) errors.number = pagoMessages.CARD_NUMBER_INVALID;
  else if (!luhnValid(digits)) errors.number = pagoMessages.CARD_NUMBER_MISTYPED;
  const m = /^(\d{2})\/(\d{2})$/.exec(card.expiry);
  const month = m ? Number(m[1]) : 0;
  if (!m || month < 1 || month > 12) errors.expiry = pagoMessages.CARD_EXPIRY_INVALID;
  else {
    const year = 2000 + Number(m[2]);
    // A card is good through the last day of its month.
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) errors.expiry = pagoMessages.CARD_EXPIRED;
  }
  if (!/^\d{3,4}$/.test(card.cvv)) errors.cvv = pagoMessages.CARD_CVV_INVALID;
  return errors;
}
