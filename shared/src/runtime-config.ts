import { messages } from './messages/core';

/**
 * Runtime configuration, fetched by the shell from `/config.json` (served no-store) before it
 * renders, so no URL or key is baked into any bundle.
 */
export interface RuntimeConfig {
  /** Base URL of the API, e.g. '/api/v1'. */
  apiBaseUrl: string;
  /** Static API key sent in the `x-api-key` header on every call. */
  apiKey: string;
  /** Where the remote registry lives, e.g. '/remotes/remotes.json'. */
  registryUrl: string;
  /** ISO date-time of the launch countdown on the home page. */
  launchDate: string;
  /** Public URL of the storefront (links in e-mails use it). */
  publicUrl?: string;
  /**
   * Developer overrides of remote URLs (`?remote:<name>=…`) are honoured only when the
   * deployment sets this (ALLOW_REMOTE_OVERRIDES=1, development only): an override runs
   * foreign script on the storefront's origin.
   */
  allowRemoteOverrides?: boolean;
}

export const API_KEY_HEADER = 'x-api-key';

let current: RuntimeConfig = {
  apiBaseUrl: '/api/v1',
  apiKey: '',
  registryUrl: '/remotes/remotes.json',
  launchDate: new Date(0).toISOString(),
  allowRemoteOverrides: false,
};

export function setRuntimeConfig(config: Partial<RuntimeConfig>): void {
  current = { ...current, ...config };
}

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

/**
 * Reads /config.json (no-store: ops may change it without a rebuild) into the runtime config.
 * Used by the shell at boot and by each remote's standalone page. Only the known string keys are
 * taken; on failure the built-in defaults stay (same-origin /api/v1 and /remotes/remotes.json)
 * and the Spanish reason is returned for the caller to show.
 */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch, url = '/config.json'): Promise<string | null> {
  try {
    // `cache` is a browser fetch option; the API compiles this file without DOM types.
    const init = { cache: 'no-store', headers: { Accept: 'application/json' } } as RequestInit;
    const response = await fetchImpl(url, init);
    if (!response.ok) throw new Error(`config.json respondió ${response.status}`);
    const body = (await response.json()) as Partial<RuntimeConfig> | null;
    if (!body || typeof body !== 'object') throw new Error('config.json no es un objeto');
    const picked: Partial<RuntimeConfig> = {};
    for (const key of ['apiBaseUrl', 'apiKey', 'registryUrl', 'launchDate', 'publicUrl'] as const) {
      if (typeof body[key] === 'string') picked[key] = body[key];
    }
    picked.allowRemoteOverrides = body.allowRemoteOverrides === true;
    setRuntimeConfig(picked);
    return null;
  } catch (error) {
    console.warn('[taquilla] no se pudo leer /config.json; se usan valores predeterminados', error);
    return messages.CONFIG_UNAVAILABLE;
  }
}
