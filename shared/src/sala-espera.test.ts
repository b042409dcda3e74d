import { describe, expect, it } from 'vitest';
import { consultaEsperandoMs, desdeFila, espaciar, esperaEstimada } from './sala-espera';
import type { EstadoSala, FilaSala } from './schemas/sala-espera';

const ahora = '2026-12-01T18:00:00.000Z';
const personal: EstadoSala = {
  estado: 'esperando',
  inicio: ahora,
  ahora,
  pausada: false,
  lugar: 400,
  numero: 500,
  esperaSegundos: 400,
  ritmoPorMinuto: 60,
  paseExpira: null,
  consultarEnSegundos: 7,
  siguienteConsultaMs: 7000,
};
const fila: FilaSala = {
  estado: 'abierta',
  inicio: ahora,
  ahora: '2026-12-01T18:05:00.000Z',
  pausada: false,
  admitidosHasta: 100,
  ritmoPorMinuto: 60,
  admisionPorMinuto: 60,
  siguienteConsultaMs: 7000,
};

describe("the waiting page's schedule and estimate", () => {
  it('estimates the wait from the place and the rate; none while paused or without a rate', () => {
    expect(esperaEstimada(120, 60, false)).toBe(120);
    expect(esperaEstimada(1, 3000, false)).toBe(0);
    expect(esperaEstimada(120, 60, true)).toBeNull();
    expect(esperaEstimada(120, 0, false)).toBeNull();
  });

  it('asks every 2 s due within 30 s, 4 s within 2 minutes, 7 s further back or unknown; spread by up to a quarter, never under 1 s', () => {
    expect([29, 30, 119, 120, null].map(consultaEsperandoMs)).toEqual([2000, 4000, 4000, 7000, 7000]);
    expect(espaciar(7000, () => 0)).toBe(7000);
    expect(espaciar(7000, () => 0.999999)).toBe(5250);
    expect(espaciar(1000, () => 0.9)).toBe(1000);
  });

  it('reads place and wait from the shared answer and its own number, and says when the personal answer is due', () => {
    expect(desdeFila(personal, { ...fila, admitidosHasta: 380 }, () => 0)).toMatchObject({
      estado: 'esperando',
      lugar: 120,
      esperaSegundos: 120,
      siguienteConsultaMs: 7000,
      ahora: '2026-12-01T18:05:00.000Z',
    });
    expect(desdeFila(personal, { ...fila, admitidosHasta: 490 }, () => 0)).toMatchObject({ lugar: 10, siguienteConsultaMs: 2000 });
    // Its number reached, the line sold out, closed, paused: the personal answer.
    expect(desdeFila(personal, { ...fila, admitidosHasta: 500 })).toBeNull();
    expect(desdeFila(personal, { ...fila, estado: 'agotado' })).toBeNull();
    expect(desdeFila(personal, { ...fila, estado: 'sin_fila' })).toBeNull();
    expect(desdeFila(personal, { ...fila, pausada: true })).toBeNull();
    // No number (before the draw, admitted…): the personal answer.
    expect(desdeFila({ ...personal, numero: null }, fila)).toBeNull();
    expect(desdeFila({ ...personal, estado: 'admitido', numero: null }, fila)).toBeNull();
    // Told sold out: stays so while the line says so, asks when it changes.
    const agotado = { ...personal, estado: 'agotado' as const, numero: null, lugar: null };
    expect(desdeFila(agotado, { ...fila, estado: 'agotado', siguienteConsultaMs: 15_000 }, () => 0)).toMatchObject({
      estado: 'agotado',
      siguienteConsultaMs: 15_000,
    });
    expect(desdeFila(agotado, fila)).toBeNull();
  });
});
