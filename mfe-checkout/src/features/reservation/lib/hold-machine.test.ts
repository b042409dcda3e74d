import { describe, expect, it } from 'vitest';
import { holdReducer, initialHoldState, type Hold, type HoldAction, type HoldState } from './hold-machine';

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
    const state = run([{ type: 'restored', hold: null }, { type: 'reserve' }, { type: 'reserved', hold }]);
    expect(state).toEqual({ status: 'held', hold, cancelling: false, error: null });
  });

  it('a failed reserve goes back to idle with the message; the next try clears it', () => {
    const failed = run([{ type: 'restored', hold: null }, { type: 'reserve' }, { type: 'reserve-failed', message: 'x' }]);
    expect(failed).toEqual({ status: 'idle', error: 'x' });
    expect(holdReducer(failed, { type: 'reserve' })).toEqual({ status: 'reserving' });
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
      status: 'held', hold, cancelling: false, error: 'no',
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
