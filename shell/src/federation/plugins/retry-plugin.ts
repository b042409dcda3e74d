import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { fetchWithTimeout, LOAD_TIMEOUT_MS } from './timeout-plugin';

export interface RetryOptions {
  /** Attempts after the first one (default 2). */
  retries?: number;
  /** Wait before attempt n is `delayMs * n` (default 300 ms). */
  delayMs?: number;
  /** Per attempt (default LOAD_TIMEOUT_MS). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `url` with a `retry=n` query, so the browser asks the network again instead of reusing a failed <script>. */
export function retryUrl(url: string, attempt: number): string {
  const next = new URL(url, globalThis.location?.href);
  next.searchParams.set('retry', String(attempt));
  return next.href;
}

/**
 * Retries what a passing network blip breaks, before the slot falls back:
 * - `fetch` (the manifest): each attempt under the load timeout, a 5xx/404 or a network error
 *   tried again after a short wait;
 * - `loadEntryError` (remoteEntry.js did not load): loaded again under a `retry=n` URL. A script
 *   that loaded but threw is not retried (the runtime does not call this hook for it).
 * A load that timed out is not tried again: a hung origin ends in the fallback after the 30 s,
 * not after three times that.
 * @module-federation/retry-plugin is not used: its last release (0.17) is built against MF 0.17's
 * sdk, and would put a second, older copy of the sdk beside the runtime's.
 */
export function retryPlugin(options: RetryOptions = {}): ModuleFederationRuntimePlugin {
  const { retries = 2, delayMs = 300, timeoutMs = LOAD_TIMEOUT_MS, sleep = wait, now = Date.now } = options;
  // When each remoteEntry.js load began (the error hook is not told whether it timed out).
  const started = new Map<string, number>();
  return {
    name: 'taquilla-retry',
    async fetch(url, init) {
      for (let attempt = 0; ; attempt++) {
        try {
          return await fetchWithTimeout(url, init, { ms: timeoutMs, fetch: options.fetch });
        } catch (error) {
          if (attempt >= retries || (error instanceof Error && error.name === 'TimeoutError')) throw error;
          await sleep(delayMs * (attempt + 1));
        }
      }
    },
    loadEntry({ remoteInfo }) {
      started.set(remoteInfo.entry, now());
      return undefined; // the runtime loads it as usual
    },
    loadEntryError({ getRemoteEntry, origin, remoteInfo }) {
      const timedOut = now() - (started.get(remoteInfo.entry) ?? now()) >= timeoutMs;
      const retry = async () => {
        if (timedOut) return undefined;
        for (let attempt = 1; attempt <= retries; attempt++) {
          await sleep(delayMs * attempt);
          try {
            const entry = await getRemoteEntry({ origin, remoteInfo: { ...remoteInfo, entry: retryUrl(remoteInfo.entry, attempt) } });
            if (entry) return entry;
          } catch {
            // next attempt; after the last one the runtime reports the original failure
          }
        }
        return undefined;
      };
      // The hook's declared type wraps the result in one Promise too many (runtime-core 2.9);
      // the runtime awaits whatever it gets.
      return retry() as unknown as ReturnType<NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>>;
    },
  };
}
