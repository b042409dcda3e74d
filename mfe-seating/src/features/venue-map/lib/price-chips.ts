import { ticketAllIn, type EventFees } from '@taquilla/shared/money';
import type { CategoriaEvento, PrecioCategoria } from '@taquilla/shared/schemas/catalogo';

export interface PriceChip {
  categoria: string;
  color: string;
  /** Prices on sale (> 0), centavos, highest first. */
  precios: number[];
  /** The same prices with fees and IVA (same order), when the event's fees are known. */
  preciosFinales?: number[];
}

/**
 * The chips with their all-in prices (Mexican consumer rules ask to show them before the
 * purchase). A category spans sections, so a category without its own fee takes the event's
 * rate here; a section with its own rate shows its exact price on the seat tooltips.
 */
export function withAllIn(chips: readonly PriceChip[], evento: EventFees, categorias: readonly CategoriaEvento[]): PriceChip[] {
  const cargo = new Map(categorias.map((c) => [c.categoria, c.cargoPorCategoria]));
  return chips.map((chip) => ({
    ...chip,
    preciosFinales: chip.precios.map((p) => ticketAllIn(evento, p, { cargoPorCategoriaBps: cargo.get(chip.categoria) ?? null })),
  }));
}

const hasIzquierda = (name: string) => name.toLocaleLowerCase('es-MX').includes('izquierda');

/**
 * Spec §2 "Event detail": one chip per category, highest price first; on a tie the categories
 * whose name contains 'izquierda' come first; prices at or below 0 are hidden (a category
 * without any price on sale has no chip). Other ties keep the server's order.
 */
export function priceChips(categorias: readonly PrecioCategoria[]): PriceChip[] {
  return categorias
    .map((c, order) => ({
      chip: { categoria: c.categoria, color: c.color, precios: c.precios.filter((p) => p > 0).sort((a, b) => b - a) },
      order,
    }))
    .filter(({ chip }) => chip.precios.length > 0)
    .sort(
      (a, b) => b.chip.precios[0]! - a.chip.precios[0]! || Number(hasIzquierda(b.chip.categoria)) - Number(hasIzquierda(a.chip.categoria)) || a.order - b.order,
    )
    .map(({ chip }) => chip);
}
