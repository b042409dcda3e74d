import { describe, expect, it, vi } from 'vitest';
import type { ModuleFederation, ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { retryPlugin, retryUrl } from './retry-plugin';

const ok = () => new Response('{}', { status: 200 });
const noWait = () => Promise.resolve();

describe('retry plugin: the manifest fetch', () => {
  it('tries again after a network error or a bad status, then answers', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('no', { status: 503 }))
      .mockResolvedValueOnce(ok());
    const plugin = retryPlugin({ fetch, sleep: noWait });
    const response = await plugin.fetch!('https://cdn/m.json', {});
    expect(response).toBeInstanceOf(Response);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('does not try again a manifest that timed out', async () => {
    const timeout = Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });
    const fetch = vi.fn<typeof globalThis.fetch>().mockRejectedValue(timeout);
    const plugin = retryPlugin({ fetch, sleep: noWait });
    await expect(plugin.fetch!('https://cdn/m.json', {})).rejects.toBe(timeout);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('gives up after the last attempt with its error', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(new Response('no', { status: 404 }));
    const sleep = vi.fn(noWait);
    const plugin = retryPlugin({ fetch, sleep, retries: 2, delayMs: 100 });
    await expect(plugin.fetch!('https://cdn/m.json', {})).rejects.toThrow('https://cdn/m.json respondió 404');
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls).toEqual([[100], [200]]);
  });
});

type LoadEntryError = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;
type LoadEntryArgs = Parameters<LoadEntryError>[0];

describe('retry plugin: remoteEntry.js', () => {
  const remoteInfo = {
    name: 'catalog',
    entry: 'https://cdn/catalog/1.0.0/remoteEntry.js',
    type: 'global',
    entryGlobalName: 'catalog',
    shareScope: 'default',
  } as LoadEntryArgs['remoteInfo'];
  const args = (getRemoteEntry: LoadEntryArgs['getRemoteEntry']) =>
    ({ getRemoteEntry, origin: {} as ModuleFederation, remoteInfo, globalLoading: {}, uniqueKey: 'k' }) as LoadEntryArgs;

  it('loads the entry again under a retry=n URL and hands back its exports', async () => {
    const container = { get: vi.fn(), init: vi.fn() };
    const getRemoteEntry = vi.fn().mockRejectedValueOnce(new Error('script error')).mockResolvedValueOnce(container);
    const plugin = retryPlugin({ sleep: noWait });
    await expect(plugin.loadEntryError!(args(getRemoteEntry))).resolves.toBe(container);
    expect(getRemoteEntry.mock.calls.map(([p]) => p.remoteInfo.entry)).toEqual([
      'https://cdn/catalog/1.0.0/remoteEntry.js?retry=1',
      'https://cdn/catalog/1.0.0/remoteEntry.js?retry=2',
    ]);
  });

  it('answers nothing when every attempt fails (the runtime reports the original error)', async () => {
    const getRemoteEntry = vi.fn().mockRejectedValue(new Error('script error'));
    const plugin = retryPlugin({ sleep: noWait, retries: 1 });
    await expect(plugin.loadEntryError!(args(getRemoteEntry))).resolves.toBeUndefined();
    expect(getRemoteEntry).toHaveBeenCalledTimes(1);
  });

  it('does not try again an entry that timed out (the 30 s are the whole wait)', async () => {
    let clock = 0;
    const getRemoteEntry = vi.fn();
    const plugin = retryPlugin({ sleep: noWait, now: () => clock, timeoutMs: 30_000 });
    plugin.loadEntry!({ remoteInfo } as Parameters<NonNullable<ModuleFederationRuntimePlugin['loadEntry']>>[0]);
    clock = 30_000;
    await expect(plugin.loadEntryError!(args(getRemoteEntry))).resolves.toBeUndefined();
    expect(getRemoteEntry).not.toHaveBeenCalled();
  });

  it('keeps the URL otherwise intact', () => {
    expect(retryUrl('https://cdn/x/remoteEntry.js?v=1', 2)).toBe('https://cdn/x/remoteEntry.js?v=1&retry=2');
  });
});
