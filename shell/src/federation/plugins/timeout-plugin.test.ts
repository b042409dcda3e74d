import { describe, expect, it, vi } from 'vitest';
import { fetchWithTimeout, LOAD_TIMEOUT_MS, timeoutPlugin } from './timeout-plugin';

/** A fetch that never answers on its own; it rejects when its signal aborts, as the browser's does. */
const hangingFetch: typeof fetch = (_url, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
  });

describe('timeout plugin', () => {
  it('waits 30 s for every script and link the runtime creates', () => {
    expect(LOAD_TIMEOUT_MS).toBe(30_000);
    const plugin = timeoutPlugin();
    expect(plugin.createScript!({ url: 'https://cdn/remoteEntry.js' })).toEqual({ timeout: 30_000 });
    expect(plugin.createLink!({ url: 'https://cdn/x.js' })).toEqual({ timeout: 30_000 });
  });

  it('a manifest that never arrives fails after the timeout instead of hanging', async () => {
    // AbortSignal.timeout runs on the platform's timers (fake timers do not reach it): a short real wait.
    await expect(fetchWithTimeout('https://cdn/m.json', {}, { ms: 30, fetch: hangingFetch })).rejects.toThrow(/timed out|aborted|timeout/i);
  });

  it('a non-2xx answer is a failure (its body is no manifest)', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(new Response('<html>', { status: 500 }));
    await expect(fetchWithTimeout('https://cdn/m.json', {}, { fetch })).rejects.toThrow('respondió 500');
  });
});
