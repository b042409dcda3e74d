import { describe, expect, it } from 'vitest';
import type { Fila } from '@taquilla/shared/schemas/catalogo';
import { buildSeatGrid, hitTest, moveFocus, seatAt } from './seat-grid';

let nextId = 1;
function fila(nombre: string, n: number, over: Partial<Fila> = {}): Fila {
  return {
    id: nextId++,
    nombre,
    asientos: Array.from({ length: n }, (_, i) => ({
      id: nextId++,
      numero: i + 1,
      estado: 'disponible' as const,
      precio: 100,
      categoria: 'A',
      color: '#fff',
      fila: nombre,
    })),
    udt: 0,
    uds: 0,
    iva: 0,
    orientacionFilas: 'centro',
    esMesa: false,
    ...over,
  };
}

describe('seat grid', () => {
  const filas = [fila('A', 4), fila('B', 8), fila('C', 3, { orientacionFilas: 'derecha' })];
  const grid = buildSeatGrid(filas, 'centro');

  it('lays rows out by orientation inside the widest row', () => {
    expect(grid.cols).toBe(8);
    expect(grid.rows.map((r) => r.offset)).toEqual([2, 0, 5]);
    expect(seatAt(grid, 2, 0)).toBe(0);
    expect(seatAt(grid, 1, 0)).toBeNull();
    expect(seatAt(grid, 7, 2)).toBe(14);
  });

  it('hit-tests points to the seat under them, and gaps to nothing', () => {
    // cell 20 px: row B (y 20–39), 4th column (x 60–79) → seat B4 = index 4 + 3
    expect(hitTest(grid, 65, 25, 20)).toBe(7);
    expect(hitTest(grid, 5, 5, 20)).toBeNull();
    expect(hitTest(grid, -1, 5, 20)).toBeNull();
    expect(hitTest(grid, 5, 500, 20)).toBeNull();
    expect(grid.indexById.get(filas[1]!.asientos[3]!.id)).toBe(7);
  });

  it('moves focus along rows and to the nearest seat of the next row', () => {
    expect(moveFocus(grid, 0, 'left')).toBe(0);
    expect(moveFocus(grid, 0, 'right')).toBe(1);
    expect(moveFocus(grid, 3, 'right')).toBe(3);
    expect(moveFocus(grid, 0, 'down')).toBe(4 + 2); // A1 sits over column 2 → B3
    expect(moveFocus(grid, 4, 'down')).toBe(12); // B1 (col 0) → nearest in C is C1 (col 5)
    expect(moveFocus(grid, 11, 'up')).toBe(3); // B8 → A4
    expect(moveFocus(grid, 12, 'down')).toBe(12);
    expect(moveFocus(grid, 9, 'home')).toBe(4);
    expect(moveFocus(grid, 9, 'end')).toBe(11);
  });

  it('skips rows without seats', () => {
    const g = buildSeatGrid([fila('A', 2), fila('B', 0), fila('C', 2)], 'izquierda');
    expect(moveFocus(g, 0, 'down')).toBe(2);
  });
});
