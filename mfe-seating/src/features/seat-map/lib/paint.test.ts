import { describe, expect, it } from 'vitest';
import type { EstadoAsiento } from '@taquilla/shared/schemas/catalogo';
import { changedSeats } from './paint';

describe('changedSeats', () => {
  const estados: EstadoAsiento[] = ['disponible', 'disponible', 'vendido', 'disponible'];
  it('is the symmetric difference of the selections plus the seats whose state changed', () => {
    const next = estados.slice();
    next[3] = 'reservado';
    expect([...changedSeats({ estados, selected: new Set([0, 1]) }, { estados: next, selected: new Set([1, 2]) })].sort()).toEqual([0, 2, 3]);
  });
  it('is empty when nothing changed', () => {
    const selected = new Set([1]);
    expect(changedSeats({ estados, selected }, { estados, selected }).size).toBe(0);
  });
});
