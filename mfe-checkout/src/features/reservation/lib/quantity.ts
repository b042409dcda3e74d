/**
 * General-admission quantity (spec §5 "Quantity and seats"): an integer from 1 to the event's
 * limiteDeAsientos, and not above what the section has free right now.
 */
export function maxQuantity(limiteDeAsientos: number, disponibles: number): number {
  const limit = Number.isFinite(limiteDeAsientos) ? Math.floor(limiteDeAsientos) : 0;
  const free = Number.isFinite(disponibles) ? Math.floor(disponibles) : 0;
  return Math.max(0, Math.min(limit, free));
}

/** The choices offered, 1..max (empty when nothing can be bought). */
export function quantityOptions(max: number): number[] {
  return Array.from({ length: Math.max(0, max) }, (_, i) => i + 1);
}

export function isValidQuantity(quantity: number, max: number): boolean {
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= max;
}

/** Price × quantity in centavos (integers stay exact). */
export function totalCentavos(precio: number, quantity: number): number {
  return precio * quantity;
}
