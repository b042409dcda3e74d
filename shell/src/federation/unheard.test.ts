import { describe, expect, it } from 'vitest';
import { blameForUnheard } from './unheard';

describe('an unheard bus event counts against', () => {
  it('the listening remotes when the producer emitted an event of the contract', () => {
    expect(blameForUnheard({ type: 'seating:selection-changed' })).toEqual(['checkout']);
  });

  it('the emitting remote (by its name) when the event is not in the contract — a renamed one', () => {
    expect(blameForUnheard({ type: 'seating:seleccion-cambiada' as never })).toEqual(['seating']);
  });

  it('nobody when only the shell should have heard it', () => {
    expect(blameForUnheard({ type: 'auth:login' })).toEqual([]);
    expect(blameForUnheard({ type: 'misterio:algo' as never })).toEqual([]);
  });
});
