import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bus, onUnheardEvent, UNHEARD_AFTER_MS, type UnheardEvent } from './bus';
import { BUS_CONTRACT } from './bus-contract';

describe('the bus contract', () => {
  it('names a producer and a listener for every event, from the known builds', () => {
    const parties = ['shell', 'catalog', 'seating', 'checkout', 'account', 'auth'];
    for (const [type, event] of Object.entries(BUS_CONTRACT.events)) {
      expect(event.producers.length, type).toBeGreaterThan(0);
      expect(event.listeners.length, type).toBeGreaterThan(0);
      for (const party of [...event.producers, ...event.listeners]) expect(parties, type).toContain(party);
    }
  });
});

describe('onUnheardEvent', () => {
  let seen: UnheardEvent[];
  let stop: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    seen = [];
    stop = onUnheardEvent((event) => seen.push(event));
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  const selection = { eventoId: '1', seccionId: '2', asientos: [] };

  it('reports an event that must be heard and had no listener, after the grace time, without its payload', () => {
    bus.emit('seating:selection-changed', selection);
    vi.advanceTimersByTime(UNHEARD_AFTER_MS - 1);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([{ type: 'seating:selection-changed', emittedAt: expect.any(Number) }]);
  });

  it('does not report an event somebody heard, nor one the contract lets go unheard', () => {
    const listener = vi.fn();
    bus.on('seating:selection-changed', listener);
    bus.emit('seating:selection-changed', selection);
    bus.emit('checkout:released', { eventoId: '1', reservaId: 'r', reason: 'expired' });
    vi.advanceTimersByTime(UNHEARD_AFTER_MS * 2);
    bus.off('seating:selection-changed', listener);
    expect(listener).toHaveBeenCalledOnce();
    expect(seen).toEqual([]);
  });

  it('a wildcard handler (a recorder) is not a listener', () => {
    const recorder = vi.fn();
    bus.on('*', recorder);
    bus.emit('ui:toast', { kind: 'info', message: 'Hola' });
    vi.advanceTimersByTime(UNHEARD_AFTER_MS);
    bus.off('*', recorder);
    expect(recorder).toHaveBeenCalledOnce();
    expect(seen.map((e) => e.type)).toEqual(['ui:toast']);
  });

  it('reports an event the contract does not know (a renamed one) that nobody heard', () => {
    (bus.emit as (type: string, payload: unknown) => void)('seating:seleccion-cambiada', selection);
    vi.advanceTimersByTime(UNHEARD_AFTER_MS);
    expect(seen.map((e) => e.type)).toEqual(['seating:seleccion-cambiada']);
  });

  it('stops reporting once unsubscribed', () => {
    stop();
    bus.emit('auth:check');
    vi.advanceTimersByTime(UNHEARD_AFTER_MS);
    expect(seen).toEqual([]);
  });
});
