import { ticketAllIn, type EventFees } from '@taquilla/shared/money';
import type { Asiento, FilasPorSeccionResponse } from '@taquilla/shared/schemas/catalogo';

/**
 * The all-in price of each seat of a section (fees and IVA included), computed by the same
 * maths checkout charges with. Every row of a section carries the section's service rate.
 */
export function seatAllIn(evento: EventFees, seccion: Pick<FilasPorSeccionResponse, 'filas' | 'categoriasEvento'>): (asiento: Asiento) => number {
  const cargo = new Map(seccion.categoriasEvento.map((c) => [c.categoria, c.cargoPorCategoria]));
  const seccionUdsBps = seccion.filas[0]?.uds ?? null;
  return (asiento) => ticketAllIn(evento, asiento.precio, { cargoPorCategoriaBps: cargo.get(asiento.categoria) ?? null, seccionUdsBps });
}
