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
