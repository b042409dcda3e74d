import { afterEach, describe, expect, it } from 'vitest';
import { SAVED_HOLD_KEY } from '@taquilla/shared';
import { sessionHoldStore } from './saved-hold';

afterEach(() => sessionStorage.clear());

describe('sessionHoldStore', () => {
  it('round-trips the hold capability', () => {
    const store = sessionHoldStore();
    store.write({ eventoId: '3', reservaId: 'b5c7…', esGeneral: true });
    expect(store.read()).toEqual({ eventoId: '3', reservaId: 'b5c7…', esGeneral: true });
    store.clear();
    expect(store.read()).toBeNull();
  });

  it('ignores anything malformed', () => {
    sessionStorage.setItem(SAVED_HOLD_KEY, '{"eventoId":3}');
    expect(sessionHoldStore().read()).toBeNull();
    sessionStorage.setItem(SAVED_HOLD_KEY, 'no es json');
    expect(sessionHoldStore().read()).toBeNull();
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => { throw new Error('denied'); },
      setItem: () => { throw new Error('denied'); },
      removeItem: () => { throw new Error('denied'); },
    } as unknown as Storage;
    const store = sessionHoldStore(() => broken);
    expect(() => store.write({ eventoId: '1', reservaId: 'x', esGeneral: false })).not.toThrow();
    expect(store.read()).toBeNull();
    expect(() => store.clear()).not.toThrow();
  });
});
