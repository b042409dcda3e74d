import { describe, expect, it, vi } from 'vitest';
import {
  BACKOFF_MAX_MS,
  backoffDelay,
  connectAvailability,
  parseAsientosChange,
  parseGeneralChange,
  type EventSourceLike,
} from './availability-stream';

class FakeSource implements EventSourceLike {
  readyState = 0;
  onopen: ((ev: Event) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  closed = false;
  listeners = new Map<string, (ev: { data?: unknown }) => void>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (ev: { data?: unknown }) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data: unknown) {
    this.listeners.get(type)?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
}

function setup() {
  const sources: FakeSource[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const handlers = { onAsientos: vi.fn(), onGeneral: vi.fn(), onResync: vi.fn() };
  const stop = connectAvailability('/api/v1/eventos/1/disponibilidad?apiKey=k', handlers, {
    create: (url) => {
      const s = new FakeSource(url);
      sources.push(s);
      return s;
    },
    setTimeout: (fn, ms) => timers.push({ fn, ms }),
    clearTimeout: () => undefined,
    random: () => 0.5,
  });
  return { sources, timers, handlers, stop };
}

describe('availability stream', () => {
  it('delivers well-formed seat and general changes and ignores malformed ones', () => {
    const { sources, handlers } = setup();
    const s = sources[0]!;
    s.emit('asientos', { seccionId: 2, asientos: [{ id: 7, estado: 'reservado' }, { id: 'x', estado: 'reservado' }, { id: 8, estado: 'robado' }] });
    s.emit('asientos', 'not json');
    s.emit('general', { seccionId: 1, disponibles: 1499 });
    s.emit('general', { seccionId: 1, disponibles: -1 });
    expect(handlers.onAsientos).toHaveBeenCalledTimes(1);
    expect(handlers.onAsientos).toHaveBeenCalledWith({ seccionId: 2, asientos: [{ id: 7, estado: 'reservado' }] });
    expect(handlers.onGeneral).toHaveBeenCalledTimes(1);
    expect(handlers.onGeneral).toHaveBeenCalledWith({ seccionId: 1, disponibles: 1499 });
  });

  it('reopens a closed stream with growing delays and resyncs once it is back', () => {
    const { sources, timers, handlers } = setup();
    sources[0]!.onopen?.(new Event("open"));
    expect(handlers.onResync).not.toHaveBeenCalled();
    sources[0]!.readyState = 2;
    sources[0]!.onerror?.(new Event("error"));
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    timers[0]!.fn();
    sources[1]!.readyState = 2;
    sources[1]!.onerror?.(new Event("error"));
    expect(timers.map((t) => t.ms)).toEqual([1000, 2000]);
    timers[1]!.fn();
    sources[2]!.onopen?.(new Event("open"));
    expect(handlers.onResync).toHaveBeenCalledTimes(1);
    expect(sources[2]!.url).toBe('/api/v1/eventos/1/disponibilidad?apiKey=k');
  });

  it('leaves the browser to retry while the stream is only reconnecting, and stops for good', () => {
    const { sources, timers, stop } = setup();
    sources[0]!.readyState = 0;
    sources[0]!.onerror?.(new Event("error"));
    expect(timers).toHaveLength(0);
    stop();
    expect(sources[0]!.closed).toBe(true);
  });

  it('backoff is capped and jittered', () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(20, () => 0.5)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(20, () => 0.999)).toBeLessThanOrEqual(BACKOFF_MAX_MS * 1.5);
  });

  it('parsers reject non-objects', () => {
    expect(parseAsientosChange(undefined)).toBeNull();
    expect(parseGeneralChange('null')).toBeNull();
  });
});
