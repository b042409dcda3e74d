import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeFederation, WithFederation } from '../testing/fake-federation';
import { PREFETCH_AFTER_LOAD_MS, usePreloadNext } from './use-preload-next';

function List() {
  const props = usePreloadNext([['seating', ['EventDetail']]]);
  return (
    <div {...props}>
      <a href="/eventos/1">Comprar boletos</a>
    </div>
  );
}

function mount() {
  const federation = createFakeFederation();
  render(
    <WithFederation federation={federation}>
      <List />
    </WithFederation>,
  );
  return federation;
}

/** Lets the fake's ready() promise and React settle. */
const flush = () => act(async () => {});

beforeEach(() => {
  vi.useFakeTimers();
  // jsdom has no requestIdleCallback: the hook falls back to a timer, which is what the test drives.
  Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'readyState');
});

describe('usePreloadNext', () => {
  it('leaves the page alone for its first seconds after load, then prefetches once when idle', async () => {
    const federation = mount();
    await act(async () => vi.advanceTimersByTime(PREFETCH_AFTER_LOAD_MS - 1));
    await flush();
    expect(federation.preloaded).toEqual([]);
    await act(async () => vi.advanceTimersByTime(1 + 2000));
    await flush();
    expect(federation.preloaded).toEqual([['seating', ['EventDetail']]]);
    await act(async () => vi.advanceTimersByTime(60_000));
    await flush();
    expect(federation.preloaded).toHaveLength(1);
  });

  it("prefetches at once on the buyer's intent (pointer over the list), and not again when idle", async () => {
    const federation = mount();
    fireEvent.pointerOver(screen.getByRole('link', { name: 'Comprar boletos' }));
    await flush();
    expect(federation.preloaded).toEqual([['seating', ['EventDetail']]]);
    await act(async () => vi.advanceTimersByTime(60_000));
    await flush();
    expect(federation.preloaded).toHaveLength(1);
  });
});
