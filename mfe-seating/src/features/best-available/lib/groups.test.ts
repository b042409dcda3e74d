import { describe, expect, it } from 'vitest';
import { describeGroups } from './groups';

describe('describeGroups', () => {
  it('names each run of adjacent seats of a row', () => {
    expect(
      describeGroups([
        { fila: 'A', numero: 1 },
        { fila: 'A', numero: 2 },
        { fila: 'A', numero: 9 },
        { fila: 'B', numero: 10 },
      ]),
    ).toEqual(['Fila A: asientos 1 a 2', 'Fila A: asiento 9', 'Fila B: asiento 10']);
    expect(describeGroups([])).toEqual([]);
  });
});
