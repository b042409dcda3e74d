import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from './messages/core';
import { getRuntimeConfig, loadRuntimeConfig, setRuntimeConfig } from './runtime-config';

const defaults = { ...getRuntimeConfig() };
afterEach(() => {
  setRuntimeConfig(defaults);
  vi.restoreAllMocks();
});

const answer = (status: number, body: unknown) =>
  (async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) as typeof fetch;

describe('loadRuntimeConfig', () => {
  it('takes the known string keys from /config.json and nothing else', async () => {
    const seen: RequestInit[] = [];
    const fetchImpl = (async (_url: string, init: RequestInit) => {
      seen.push(init);
      return answer(200, { apiKey: 'clave', apiBaseUrl: '/otra/v1', launchDate: 5, extra: 'x' })('');
    }) as typeof fetch;
    const problem = await loadRuntimeConfig(fetchImpl);
    expect(problem).toBeNull();
    // ops change /config.json without a rebuild: it must never come from a cache.
    expect(seen[0]?.cache).toBe('no-store');
    const config = getRuntimeConfig();
    expect(config.apiKey).toBe('clave');
    expect(config.apiBaseUrl).toBe('/otra/v1');
    expect(config.launchDate).toBe(defaults.launchDate); // not a string: ignored
    expect(config).not.toHaveProperty('extra');
  });

  it('allows remote overrides only when /config.json says exactly true', async () => {
    await loadRuntimeConfig(answer(200, { allowRemoteOverrides: 'true' }));
    expect(getRuntimeConfig().allowRemoteOverrides).toBe(false);
    await loadRuntimeConfig(answer(200, {}));
    expect(getRuntimeConfig().allowRemoteOverrides).toBe(false);
    await loadRuntimeConfig(answer(200, { allowRemoteOverrides: true }));
    expect(getRuntimeConfig().allowRemoteOverrides).toBe(true);
  });

  it('keeps the defaults and returns the Spanish reason when the file is missing or broken', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await loadRuntimeConfig(answer(404, {}))).toBe(messages.CONFIG_UNAVAILABLE);
    expect(await loadRuntimeConfig(answer(200, null))).toBe(messages.CONFIG_UNAVAILABLE);
    expect(
      await loadRuntimeConfig((async () => {
        throw new TypeError('offline');
      }) as typeof fetch),
    ).toBe(messages.CONFIG_UNAVAILABLE);
    expect(getRuntimeConfig()).toEqual(defaults);
  });
});
