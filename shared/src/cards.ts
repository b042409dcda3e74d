import cardValidator from 'card-validator';
import luhn10 from 'card-validator/dist/luhn-10';

/** What a masked card number ('411111XXXXXX1111') may show: its last four digits. */
export function lastFour(masked: string): string {
  const digits = masked.replace(/\D/g, '');
  return digits.slice(-4);
}

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', american_express: 'American Express', amex: 'American Express' };

export function brandName(marca: string): string {
  return BRANDS[marca.trim().toLowerCase()] ?? (marca.trim() || 'Tarjeta');
}

/** 'Visa terminada en 1111': the card's name on screen and for screen readers. */
export function cardName(card: { marca: string; tarjeta: string }): string {
  return `${brandName(card.marca)} terminada en ${lastFour(card.tarjeta)}`;
}

/** Card types as gateways name them ('credit', 'debit', …) in Spanish; an unknown one is shown as given. */
const TIPOS: Record<string, string> = { credit: 'crédito', debit: 'débito', prepaid: 'prepago' };

export function cardTypeName(tipo: string): string {
  return TIPOS[tipo.trim().toLowerCase()] ?? tipo.trim();
}

/** Card brands in Openpay's names (what its API answers and the sandbox reports). */
export type CardBrand = 'visa' | 'mastercard' | 'american_express';
const OPENPAY_BRAND: Readonly<Record<string, CardBrand>> = { visa: 'visa', mastercard: 'mastercard', 'american-express': 'american_express' };

/**
 * The brand of a card number, complete or as it is typed (card-validator's patterns: '4111' is
 * Visa, '2221' Mastercard, '34' American Express); null while the digits fit several brands, and
 * for a brand Openpay does not name (Carnet, Discover, …).
 */
export function cardBrand(number: string): CardBrand | null {
  const type = cardValidator.number(number.replace(/\D/g, '')).card?.type;
  return type ? (OPENPAY_BRAND[type] ?? null) : null;
}

/**
 * A card number's length (12 to 19 digits) and its Luhn check digit (card-validator's): one
 * mistyped digit (or two swapped neighbours) fails it, so the form can say so before charging.
 */
export function luhnValid(digits: string): boolean {
  return /^\d{12,19}$/.test(digits) && luhn10(digits);
}
