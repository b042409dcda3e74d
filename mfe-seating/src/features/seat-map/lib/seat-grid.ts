import type { Asiento, Fila, OrientacionFilas } from '@taquilla/shared/schemas/catalogo';

/**
 * The seat page's geometry, built once per answer: every seat gets a flat index, a row and a
 * column. Canvas painting, mouse hit-testing and keyboard moves all read this one model, so a
 * 5,000-seat section is a few typed arrays instead of thousands of components.
 */
export interface SeatGrid {
  /** Longest row, in seats: the canvas is `cols` cells wide. */
  cols: number;
  rows: GridRow[];
  /** Every seat, row by row: a seat's index is its position here. */
  asientos: Asiento[];
  /** Row index of each seat. */
  rowOf: Uint16Array;
  /** Column of each seat. */
  colOf: Uint16Array;
  /** Seat index by seat id. */
  indexById: Map<number, number>;
}

interface GridRow {
  fila: Fila;
  /** Index of the row's first seat; its seats are `first … first + fila.asientos.length - 1`. */
  first: number;
  /** Column of its first seat (rows shorter than `cols` are pushed by orientacionFilas). */
  offset: number;
}

function rowOffset(cols: number, length: number, orientacion: OrientacionFilas): number {
  if (orientacion === 'izquierda') return 0;
  if (orientacion === 'derecha') return cols - length;
  return Math.floor((cols - length) / 2);
}

export function buildSeatGrid(filas: readonly Fila[], orientacion: OrientacionFilas): SeatGrid {
  const cols = filas.reduce((m, f) => Math.max(m, f.asientos.length), 0);
  const total = filas.reduce((n, f) => n + f.asientos.length, 0);
  const rowOf = new Uint16Array(total);
  const colOf = new Uint16Array(total);
  const indexById = new Map<number, number>();
  const rows: GridRow[] = [];
  const asientos: Asiento[] = [];
  let i = 0;
  filas.forEach((fila, r) => {
    const offset = rowOffset(cols, fila.asientos.length, fila.orientacionFilas ?? orientacion);
    rows.push({ fila, first: i, offset });
    fila.asientos.forEach((asiento, c) => {
      rowOf[i] = r;
      colOf[i] = offset + c;
      indexById.set(asiento.id, i);
      asientos.push(asiento);
      i++;
    });
  });
  return { cols, rows, asientos, rowOf, colOf, indexById };
}

/** The seat drawn in cell (col, row), or null for an empty cell. */
export function seatAt(grid: SeatGrid, col: number, row: number): number | null {
  const r = grid.rows[row];
  if (!r || col < 0) return null;
  const c = col - r.offset;
  return c >= 0 && c < r.fila.asientos.length ? r.first + c : null;
}

/** Which seat a point (CSS px, relative to the canvas) falls on, with `cell` px per seat. */
export function hitTest(grid: SeatGrid, x: number, y: number, cell: number): number | null {
  if (x < 0 || y < 0) return null;
  return seatAt(grid, Math.floor(x / cell), Math.floor(y / cell));
}

export type GridMove = 'left' | 'right' | 'up' | 'down' | 'home' | 'end';

export const KEY_MOVES: Record<string, GridMove> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
  Home: 'home',
  End: 'end',
};

/**
 * Roving focus over the grid: left/right walk a row, up/down go to the nearest seat of the next
 * row that has seats, Home/End jump to the row's ends. At an edge focus stays where it is.
 */
export function moveFocus(grid: SeatGrid, from: number, move: GridMove): number {
  const row = grid.rowOf[from]!;
  const r = grid.rows[row]!;
  const last = r.first + r.fila.asientos.length - 1;
  switch (move) {
    case 'left':
      return from > r.first ? from - 1 : from;
    case 'right':
      return from < last ? from + 1 : from;
    case 'home':
      return r.first;
    case 'end':
      return last;
    case 'up':
    case 'down': {
      const step = move === 'up' ? -1 : 1;
      for (let t = row + step; t >= 0 && t < grid.rows.length; t += step) {
        const target = grid.rows[t]!;
        const n = target.fila.asientos.length;
        if (n === 0) continue;
        const c = Math.min(n - 1, Math.max(0, grid.colOf[from]! - target.offset));
        return target.first + c;
      }
      return from;
    }
  }
}
