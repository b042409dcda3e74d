import { describe, expect, it } from 'vitest';
import { keyThisEntry, readScrollMemory, rememberScroll } from './scroll-memory';

function fakeStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('scroll memory', () => {
  it('keeps a position per history entry across a reload (sessionStorage)', () => {
    const storage = fakeStorage();
    const memory = readScrollMemory(storage);
    rememberScroll(memory, 'a1', 1234.4, storage);
    rememberScroll(memory, 'b2', 0, storage);
    const again = readScrollMemory(storage);
    expect(again.get('a1')).toBe(1234);
    expect(again.get('b2')).toBe(0);
  });

  it('forgets the oldest entries past 50', () => {
    const storage = fakeStorage();
    const memory = readScrollMemory(storage);
    for (let i = 0; i < 60; i++) rememberScroll(memory, `k${i}`, i, storage);
    const again = readScrollMemory(storage);
    expect(again.size).toBe(50);
    expect(again.has('k0')).toBe(false);
    expect(again.get('k59')).toBe(59);
  });

  it('reads a damaged store as empty', () => {
    expect(readScrollMemory({ getItem: () => '{no json' }).size).toBe(0);
    expect(readScrollMemory({ getItem: () => '{"a":1}' }).size).toBe(0);
  });

  it("gives a freshly typed URL's entry a key of its own, once", () => {
    let state: unknown = null;
    const history = {
      get state() {
        return state;
      },
      replaceState: (s: unknown) => void (state = s),
    };
    keyThisEntry(history);
    const key = (state as { key: string }).key;
    expect(key).toMatch(/^[a-z0-9]+$/);
    keyThisEntry(history);
    expect((state as { key: string }).key).toBe(key);
  });
});
