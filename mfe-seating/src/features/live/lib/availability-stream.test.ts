import { describe, expect, it, vi } from 'vitest';
import {
  BACKOFF_MAX_MS,
  backoffDelay,
  connectAvailability,
  parseAsientosChange,
  parseGeneralChange,
  POLL_MS,
  pollDelay,
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

interface FakeTimer {
  fn: () => void;
  ms: number;
  cleared: boolean;
}

function setup() {
  const sources: FakeSource[] = [];
  const all: FakeTimer[] = [];
  const handlers = { onAsientos: vi.fn(), onGeneral: vi.fn(), onResync: vi.fn() };
  const stop = connectAvailability('/api/v1/eventos/1/disponibilidad?apiKey=k', handlers, {
    create: (url) => {
      const s = new FakeSource(url);
      sources.push(s);
      return s;
    },
    setTimeout: (fn, ms) => {
      const t = { fn, ms, cleared: false };
      all.push(t);
      return t;
    },
    clearTimeout: (t) => {
      (t as FakeTimer).cleared = true;
    },
    random: () => 0.5,
  });
  /** Reopen timers (the stream's backoff); with random 0.5 a poll always waits POLL_MS. */
  const reopens = () => all.filter((t) => t.ms !== POLL_MS);
  /** Runs the pending poll (there is at most one) and answers whether there was one. */
  const runPoll = () => {
    const pending = all.filter((t) => t.ms === POLL_MS && !t.cleared);
    expect(pending.length).toBeLessThanOrEqual(1);
    pending[0]?.fn();
    if (pending[0]) pending[0].cleared = true;
    return pending.length === 1;
  };
  return { sources, reopens, handlers, stop, runPoll };
}

describe('availability stream', () => {
  it('delivers well-formed seat and general changes and ignores malformed ones', () => {
    const { sources, handlers } = setup();
    const s = sources[0]!;
    s.emit('asientos', {
      seccionId: 2,
      asientos: [
        { id: 7, estado: 'reservado' },
        { id: 'x', estado: 'reservado' },
        { id: 8, estado: 'robado' },
      ],
    });
    s.emit('asientos', 'not json');
    s.emit('general', { seccionId: 1, disponibles: 1499 });
    s.emit('general', { seccionId: 1, disponibles: -1 });
    expect(handlers.onAsientos).toHaveBeenCalledTimes(1);
    expect(handlers.onAsientos).toHaveBeenCalledWith({ seccionId: 2, asientos: [{ id: 7, estado: 'reservado' }] });
    expect(handlers.onGeneral).toHaveBeenCalledTimes(1);
    expect(handlers.onGeneral).toHaveBeenCalledWith({ seccionId: 1, disponibles: 1499 });
  });

  it('reopens a closed stream with growing delays and resyncs once it is back', () => {
    const { sources, reopens, handlers } = setup();
    sources[0]!.onopen?.(new Event('open'));
    expect(handlers.onResync).not.toHaveBeenCalled();
    sources[0]!.readyState = 2;
    sources[0]!.onerror?.(new Event('error'));
    expect(reopens().map((t) => t.ms)).toEqual([1000]);
    reopens()[0]!.fn();
    sources[1]!.readyState = 2;
    sources[1]!.onerror?.(new Event('error'));
    expect(reopens().map((t) => t.ms)).toEqual([1000, 2000]);
    reopens()[1]!.fn();
    sources[2]!.onopen?.(new Event('open'));
    expect(handlers.onResync).toHaveBeenCalledTimes(1);
    expect(sources[2]!.url).toBe('/api/v1/eventos/1/disponibilidad?apiKey=k');
  });

  it('leaves the browser to retry while the stream is only reconnecting, and stops for good', () => {
    const { sources, reopens, stop } = setup();
    sources[0]!.readyState = 0;
    sources[0]!.onerror?.(new Event('error'));
    expect(reopens().map((t) => t.ms)).toEqual([]);
    stop();
    expect(sources[0]!.closed).toBe(true);
  });

  it('polls through onResync every few seconds while the server refuses the stream, and stops once a stream opens', () => {
    const { sources, reopens, handlers, runPoll } = setup();
    // A 429 or 503: EventSource gives up (CLOSED) without telling which.
    sources[0]!.readyState = 2;
    sources[0]!.onerror?.(new Event('error'));
    expect(handlers.onResync).not.toHaveBeenCalled();
    expect(runPoll()).toBe(true);
    expect(runPoll()).toBe(true);
    expect(handlers.onResync).toHaveBeenCalledTimes(2);

    // Refused again on the retry: one poll keeps going (not two), the stream keeps being retried.
    reopens()[0]!.fn();
    sources[1]!.readyState = 2;
    sources[1]!.onerror?.(new Event('error'));
    expect(runPoll()).toBe(true);
    expect(handlers.onResync).toHaveBeenCalledTimes(3);

    // Back on the stream: one resync for what it missed, and no more polling.
    reopens()[1]!.fn();
    sources[2]!.onopen?.(new Event('open'));
    expect(handlers.onResync).toHaveBeenCalledTimes(4);
    expect(runPoll()).toBe(false);
    expect(handlers.onResync).toHaveBeenCalledTimes(4);
  });

  it('polls while the browser reconnects a dropped stream, and not once stopped', () => {
    const { sources, handlers, runPoll, stop } = setup();
    sources[0]!.onopen?.(new Event('open'));
    expect(runPoll()).toBe(false);
    sources[0]!.readyState = 0;
    sources[0]!.onerror?.(new Event('error'));
    expect(runPoll()).toBe(true);
    expect(handlers.onResync).toHaveBeenCalledTimes(1);
    stop();
    expect(runPoll()).toBe(false);
    sources[0]!.onerror?.(new Event('error'));
    expect(runPoll()).toBe(false);
    expect(handlers.onResync).toHaveBeenCalledTimes(1);
  });

  it('poll intervals are 4–6 s', () => {
    expect(pollDelay(() => 0)).toBe(4000);
    expect(pollDelay(() => 0.5)).toBe(POLL_MS);
    expect(pollDelay(() => 0.999)).toBeLessThanOrEqual(6000);
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
