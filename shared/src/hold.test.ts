// @vitest-environment jsdom
import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { heldSeats, holdReducer, type Hold, type HoldAction, type HoldState } from './hold';
import { initialHoldState, SAVED_HOLD_KEY, savedHoldAtom } from './hold-store';

const hold: Hold = {
  eventoId: '1',
  reservaId: '0b9e1c1e-3c1a-4c55-9f0e-6f1d2b3c4d5e',
  esGeneral: false,
  fechaExpiracion: '2026-11-26T10:10:00.000Z',
  offsetMs: 0,
  detalle: null,
};

const run = (actions: HoldAction[], from: HoldState = initialHoldState) => actions.reduce(holdReducer, from);

describe('holdReducer', () => {
  it('restores a live hold or starts idle', () => {
    expect(run([{ type: 'restored', hold }])).toEqual({ status: 'held', hold, cancelling: false, error: null });
    expect(run([{ type: 'restored', hold: null }])).toEqual({ status: 'idle', error: null });
  });

  it('a paid hold neither expires nor cancels any more', () => {
    const sold = run([{ type: 'restored', hold }, { type: 'sold' }]);
    expect(sold).toEqual({ status: 'held', hold, cancelling: false, error: null, sold: true });
    expect(run([{ type: 'expire' }, { type: 'cancel' }, { type: 'cancelled' }], sold)).toBe(sold);
  });

  it('reserves: idle → reserving → held', () => {
    const reserving = run([
      { type: 'restored', hold: null },
      { type: 'reserve', asientoIds: [11, 12] },
    ]);
    expect(reserving).toEqual({ status: 'reserving', asientoIds: [11, 12] });
    const state = holdReducer(reserving, { type: 'reserved', hold });
    expect(state).toEqual({ status: 'held', hold, cancelling: false, error: null });
  });

  it('a failed reserve goes back to idle with the message; the next try clears it', () => {
    const failed = run([{ type: 'restored', hold: null }, { type: 'reserve' }, { type: 'reserve-failed', message: 'x' }]);
    expect(failed).toEqual({ status: 'idle', error: 'x' });
    expect(holdReducer(failed, { type: 'reserve' })).toEqual({ status: 'reserving', asientoIds: [] });
    expect(holdReducer(failed, { type: 'clear-error' })).toEqual({ status: 'idle', error: null });
  });

  it('seats taken by someone else end in gone', () => {
    expect(run([{ type: 'restored', hold: null }, { type: 'reserve' }, { type: 'seats-gone' }])).toEqual({ status: 'gone' });
  });

  it('ignores a second reserve while one is in flight or held', () => {
    const reserving = run([{ type: 'restored', hold: null }, { type: 'reserve' }]);
    expect(holdReducer(reserving, { type: 'reserve' })).toBe(reserving);
    const held = holdReducer(reserving, { type: 'reserved', hold });
    expect(holdReducer(held, { type: 'reserve' })).toBe(held);
  });

  it('cancels: held → cancelling → cancelled, and a failure keeps the hold with the message', () => {
    const held = run([{ type: 'restored', hold }]);
    const cancelling = holdReducer(held, { type: 'cancel' });
    expect(cancelling).toMatchObject({ status: 'held', cancelling: true });
    expect(holdReducer(cancelling, { type: 'cancel' })).toBe(cancelling);
    expect(holdReducer(cancelling, { type: 'cancelled' })).toEqual({ status: 'cancelled', hold });
    expect(holdReducer(cancelling, { type: 'cancel-failed', message: 'no' })).toEqual({
      status: 'held',
      hold,
      cancelling: false,
      error: 'no',
    });
  });

  it('expires from held, even while a cancel is in flight, and nothing leaves a final state', () => {
    const cancelling = run([{ type: 'restored', hold }, { type: 'cancel' }]);
    const expired = holdReducer(cancelling, { type: 'expire' });
    expect(expired).toEqual({ status: 'expired', hold });
    for (const action of [{ type: 'cancelled' }, { type: 'reserve' }, { type: 'restored', hold }] as HoldAction[]) {
      expect(holdReducer(expired, action)).toBe(expired);
    }
  });

  it('does not expire what is not held', () => {
    const idle = run([{ type: 'restored', hold: null }]);
    expect(holdReducer(idle, { type: 'expire' })).toBe(idle);
  });
});

describe('reset', () => {
  it('starts a new page from restoring, whatever the last one left', () => {
    const expired = run([{ type: 'restored', hold }, { type: 'expire' }]);
    expect(holdReducer(expired, { type: 'reset' })).toBe(initialHoldState);
  });
});

describe('heldSeats', () => {
  const withSeats: Hold = {
    ...hold,
    detalle: {
      seccionId: 9,
      cantidad: 2,
      asientos: [
        { id: 11, numero: 5, fila: 'A', categoria: 'VIP', precio: 150_000 },
        { id: 12, numero: 6, fila: 'A', categoria: 'VIP', precio: 150_000 },
      ],
    },
  };

  it('are the seats asked for while the request is in flight, then the held ones', () => {
    expect(heldSeats({ status: 'reserving', asientoIds: [11, 12] }, '1')).toEqual([11, 12]);
    expect(heldSeats(run([{ type: 'restored', hold: withSeats }]), '1')).toEqual([11, 12]);
  });

  it('are none without a numbered hold of this event', () => {
    expect(heldSeats(initialHoldState, '1')).toBeNull();
    expect(heldSeats({ status: 'idle', error: null }, '1')).toBeNull();
    expect(heldSeats({ status: 'reserving', asientoIds: [] }, '1')).toBeNull();
    expect(heldSeats(run([{ type: 'restored', hold: withSeats }]), '2')).toBeNull();
    expect(heldSeats(run([{ type: 'restored', hold: { ...withSeats, esGeneral: true } }]), '1')).toBeNull();
    expect(heldSeats(run([{ type: 'restored', hold: withSeats }, { type: 'expire' }]), '1')).toBeNull();
    expect(heldSeats(run([{ type: 'restored', hold: withSeats }, { type: 'sold' }]), '1')).toBeNull();
  });
});

describe('savedHoldAtom', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps the hold capability in sessionStorage, where the next page load finds it', () => {
    const page = createStore();
    page.set(savedHoldAtom, { eventoId: '3', reservaId: 'b5c7', esGeneral: true });
    expect(JSON.parse(sessionStorage.getItem(SAVED_HOLD_KEY)!)).toEqual({ eventoId: '3', reservaId: 'b5c7', esGeneral: true });
    expect(createStore().get(savedHoldAtom)).toEqual({ eventoId: '3', reservaId: 'b5c7', esGeneral: true });
    page.set(savedHoldAtom, null);
    expect(sessionStorage.getItem(SAVED_HOLD_KEY)).toBeNull();
    expect(createStore().get(savedHoldAtom)).toBeNull();
  });

  it('reads anything malformed as no hold', () => {
    sessionStorage.setItem(SAVED_HOLD_KEY, '{"eventoId":3}');
    expect(createStore().get(savedHoldAtom)).toBeNull();
    sessionStorage.setItem(SAVED_HOLD_KEY, 'no es json');
    expect(createStore().get(savedHoldAtom)).toBeNull();
    sessionStorage.setItem(SAVED_HOLD_KEY, JSON.stringify({ eventoId: '1', reservaId: 'x', esGeneral: false, volverA: '//otro.sitio' }));
    expect(createStore().get(savedHoldAtom)).toBeNull();
  });

  it('survives a storage that throws: the hold lives for this page view', () => {
    const real = Object.getOwnPropertyDescriptor(window, 'sessionStorage')!;
    Object.defineProperty(window, 'sessionStorage', {
      configurable: true,
      get: () => {
        throw new Error('denied');
      },
    });
    try {
      const page = createStore();
      expect(page.get(savedHoldAtom)).toBeNull();
      expect(() => page.set(savedHoldAtom, { eventoId: '1', reservaId: 'x', esGeneral: false })).not.toThrow();
      expect(page.get(savedHoldAtom)).toEqual({ eventoId: '1', reservaId: 'x', esGeneral: false });
      expect(() => page.set(savedHoldAtom, null)).not.toThrow();
    } finally {
      Object.defineProperty(window, 'sessionStorage', real);
    }
  });
});
