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

/**
 * The Luhn check digit test every Visa, Mastercard and American Express number passes: one
 * mistyped digit (or two swapped neighbours) fails it, so the form can say so before charging.
 */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
