import type { AsientoSeleccionado } from '@taquilla/shared';
import type { EstadoAsiento } from '@taquilla/shared/schemas/catalogo';
import type { SeatGrid } from './seat-grid';

export interface ToggleResult {
  selected: ReadonlySet<number>;
  /** Why nothing changed, in Spanish, when the buyer should be told. */
  error?: string;
}

export const limitMessage = (limit: number) => `Puedes elegir hasta ${limit} ${limit === 1 ? 'asiento' : 'asientos'} por compra.`;

/**
 * The seats a click on `index` acts on. A table (esMesa row) is sold whole, so a click takes
 * every seat of it that can be taken: its free seats plus those already selected.
 */
function unitOf(grid: SeatGrid, estados: readonly EstadoAsiento[], selected: ReadonlySet<number>, index: number): number[] {
  const row = grid.rows[grid.rowOf[index]!]!;
  if (!row.fila.esMesa) return [index];
  const unit: number[] = [];
  for (let i = row.first; i < row.first + row.fila.asientos.length; i++) {
    if (estados[i] === 'disponible' || selected.has(i)) unit.push(i);
  }
  return unit;
}

/**
 * Spec §4 step 1: only 'disponible' seats can be selected, and selecting toggles. A selected
 * seat (or table) is always released by a second click. At most `limit` seats (the event's
 * limiteDeAsientos) are selected at once.
 */
export function toggleSeat(grid: SeatGrid, estados: readonly EstadoAsiento[], selected: ReadonlySet<number>, index: number, limit: number): ToggleResult {
  if (selected.has(index)) {
    const next = new Set(selected);
    for (const i of unitOf(grid, estados, selected, index)) next.delete(i);
    return { selected: next };
  }
  if (estados[index] !== 'disponible') return { selected };
  const unit = unitOf(grid, estados, selected, index).filter((i) => !selected.has(i));
  if (selected.size + unit.length > limit) return { selected, error: limitMessage(limit) };
  const next = new Set(selected);
  for (const i of unit) next.add(i);
  return { selected: next };
}

/** The selection as the bus carries it, in map order (row by row, left to right). */
export function selectedSeats(grid: SeatGrid, selected: ReadonlySet<number>): AsientoSeleccionado[] {
  return [...selected]
    .sort((a, b) => a - b)
    .map((i) => {
      const a = grid.asientos[i]!;
      return { id: a.id, numero: a.numero, fila: a.fila, categoria: a.categoria, color: a.color, precio: a.precio };
    });
}

/**
 * A wheelchair place picked without its companion seat (decision 0032): the free companion next
 * to it in its row (numbers ±1), to propose; null when every picked wheelchair place has one.
 */
export function companionToPropose(grid: SeatGrid, estados: readonly EstadoAsiento[], selected: ReadonlySet<number>): { index: number; label: string } | null {
  for (const i of [...selected].sort((a, b) => a - b)) {
    if (grid.asientos[i]?.accesibilidad !== 'silla_de_ruedas') continue;
    const row = grid.rows[grid.rowOf[i]!]!;
    const inRow = (j: number) => j >= row.first && j < row.first + row.fila.asientos.length;
    const companions = [i - 1, i + 1].filter(
      (j) => inRow(j) && grid.asientos[j]!.accesibilidad === 'acompanante' && Math.abs(grid.asientos[j]!.numero - grid.asientos[i]!.numero) === 1,
    );
    if (companions.some((j) => selected.has(j))) continue;
    const free = companions.find((j) => estados[j] === 'disponible');
    if (free !== undefined) return { index: free, label: `${grid.asientos[free]!.fila}-${grid.asientos[free]!.numero}` };
  }
  return null;
}
