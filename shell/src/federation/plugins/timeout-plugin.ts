import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** How long a manifest or remoteEntry.js may take before the load counts as failed. */
export const LOAD_TIMEOUT_MS = 30_000;

/**
 * fetch that rejects after `ms`: a hung origin must end in the slot's fallback, not in an
 * endless 'Cargando…'. A non-2xx answer rejects too (the runtime would read its body as JSON).
 */
export async function fetchWithTimeout(
  url: string,
  init: RequestInit = {},
  { ms = LOAD_TIMEOUT_MS, fetch: doFetch = globalThis.fetch }: { ms?: number; fetch?: typeof fetch } = {},
): Promise<Response> {
  const response = await doFetch(url, { ...init, signal: AbortSignal.timeout(ms) });
  if (!response.ok) throw new Error(`${url} respondió ${response.status}`);
  return response;
}

/**
 * The runtime waits 20 s for a script or link by default; ours waits LOAD_TIMEOUT_MS for every
 * remoteEntry.js and preloaded file. (Manifests get theirs from retryPlugin's fetch.)
 */
export function timeoutPlugin(ms = LOAD_TIMEOUT_MS): ModuleFederationRuntimePlugin {
  return {
    name: 'taquilla-timeout',
    createScript: () => ({ timeout: ms }),
    createLink: () => ({ timeout: ms }),
  };
}
