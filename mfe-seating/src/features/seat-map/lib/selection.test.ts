import { describe, expect, it } from 'vitest';
import type { EstadoAsiento, Fila } from '@taquilla/shared/schemas/catalogo';
import { buildSeatGrid } from './seat-grid';
import { companionToPropose, limitMessage, selectedSeats, toggleSeat } from './selection';
import { seatAllIn } from './all-in';
import { seatAnnouncement, seatTooltip } from './seat-states';

let nextId = 100;
function fila(nombre: string, estados: EstadoAsiento[], esMesa = false): Fila {
  return {
    id: nextId++,
    nombre,
    asientos: estados.map((estado, i) => ({ id: nextId++, numero: i + 1, estado, precio: 30000 + i, categoria: 'Cabecera', color: '#3b82f6', fila: nombre })),
    udt: 0,
    uds: 0,
    iva: 0,
    orientacionFilas: 'izquierda',
    esMesa,
  };
}

const ALL: EstadoAsiento[] = ['disponible', 'reservado', 'ocupado', 'vendido', 'bloqueado', 'inaccesible', 'cortesia'];

describe('seat selection', () => {
  const filas = [fila('A', ALL), fila('Mesa 1', ['disponible', 'disponible', 'vendido', 'disponible'], true)];
  const grid = buildSeatGrid(filas, 'izquierda');
  const estados = filas.flatMap((f) => f.asientos.map((a) => a.estado));

  it('toggles only disponible seats', () => {
    const one = toggleSeat(grid, estados, new Set(), 0, 8);
    expect([...one.selected]).toEqual([0]);
    expect([...toggleSeat(grid, estados, one.selected, 0, 8).selected]).toEqual([]);
    for (let i = 1; i < ALL.length; i++) {
      const r = toggleSeat(grid, estados, new Set(), i, 8);
      expect(r.selected.size, ALL[i]).toBe(0);
    }
  });

  it('a table (esMesa) is taken and released whole, without its sold seats', () => {
    const table = toggleSeat(grid, estados, new Set(), 8, 8);
    expect([...table.selected].sort((x, y) => x - y)).toEqual([7, 8, 10]);
    expect(toggleSeat(grid, estados, table.selected, 10, 8).selected.size).toBe(0);
  });

  it('refuses to go past the event limit, with a Spanish reason', () => {
    const r = toggleSeat(grid, estados, new Set([0]), 8, 3);
    expect([...r.selected]).toEqual([0]);
    expect(r.error).toBe(limitMessage(3));
    expect(limitMessage(3)).toBe('Puedes elegir hasta 3 asientos por compra.');
  });

  it('announces the selection with row, number, category, colour and centavos in map order', () => {
    expect(selectedSeats(grid, new Set([10, 0]))).toEqual([
      { id: filas[0]!.asientos[0]!.id, numero: 1, fila: 'A', categoria: 'Cabecera', color: '#3b82f6', precio: 30000 },
      { id: filas[1]!.asientos[3]!.id, numero: 4, fila: 'Mesa 1', categoria: 'Cabecera', color: '#3b82f6', precio: 30003 },
    ]);
  });
});

describe('seat tooltip', () => {
  const a = fila('B', ['disponible']).asientos[0]!;
  it('shows category and price, no price on sold / courtesy / blocked, nothing on inaccessible', () => {
    expect(seatTooltip(a, 'disponible')).toEqual({
      titulo: 'Fila B, asiento 1',
      categoria: 'Cabecera',
      estado: 'Disponible',
      precio: '$300.00',
      precioFinal: null,
    });
    expect(seatTooltip(a, 'reservado')?.precio).toBe('$300.00');
    for (const e of ['vendido', 'cortesia', 'bloqueado'] as const) expect(seatTooltip(a, e)?.precio, e).toBeNull();
    expect(seatTooltip(a, 'inaccesible')).toBeNull();
    expect(seatAnnouncement(a, 'seleccionado')).toBe('Fila B, asiento 1: seleccionado, Cabecera, $300.00.');
  });

  it('gives the all-in price beside the base price where a price is shown', () => {
    const evento = { usoDeTarjeta: 300, usoDeServicio: 1_000, ivaRate: 1_600, isIvaApplied: true, udsPorCategoria: true };
    const allIn = seatAllIn(evento, { filas: [fila('B', ['disponible'])], categoriasEvento: [{ categoria: 'Cabecera', cargoPorCategoria: 800 }] });
    // $300.00 + 8 % service + 3 % card + 16 % IVA = $381.00.
    expect(seatTooltip(a, 'disponible', allIn)?.precioFinal).toBe('$381.00');
    expect(seatTooltip(a, 'vendido', allIn)?.precioFinal).toBeNull();
    expect(seatAnnouncement(a, 'disponible', allIn)).toBe('Fila B, asiento 1: disponible, Cabecera, $300.00, $381.00 con cargos e IVA.');
    // A category without its own fee takes the section's rate (every row carries it).
    const sinCargo = seatAllIn(evento, { filas: [{ ...fila('B', ['disponible']), uds: 500 }], categoriasEvento: [] });
    expect(sinCargo(a)).toBe(37_200);
  });
});

describe('a wheelchair place picked alone (decision 0032)', () => {
  // Row W: 1 wheelchair place, 2 its companion, 3 ordinary, 4 wheelchair place, 5 companion (sold).
  const w = fila('W', ['disponible', 'disponible', 'disponible', 'disponible', 'vendido']);
  const acc = ['silla_de_ruedas', 'acompanante', undefined, 'silla_de_ruedas', 'acompanante'] as const;
  w.asientos = w.asientos.map((a, i) => (acc[i] ? { ...a, accesibilidad: acc[i] } : a));
  const grid = buildSeatGrid([w], 'izquierda');
  const estados = w.asientos.map((a) => a.estado);

  it('proposes its free companion seat, and nothing once it is picked too', () => {
    expect(companionToPropose(grid, estados, new Set([0]))).toEqual({ index: 1, label: 'W-2' });
    expect(companionToPropose(grid, estados, new Set([0, 1]))).toBeNull();
    expect(companionToPropose(grid, estados, new Set([2]))).toBeNull();
  });

  it('proposes nothing when the companion is taken', () => {
    expect(companionToPropose(grid, estados, new Set([3]))).toBeNull();
  });
});
