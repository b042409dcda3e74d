import { messages, setRuntimeConfig, type RuntimeConfig } from '@taquilla/shared';

/**
 * Reads /config.json (no-store: ops may change it without a rebuild). On failure the built-in
 * defaults stay (same-origin /api/v1 and /remotes/remotes.json) and the reason is returned.
 */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch, url = '/config.json'): Promise<string | null> {
  try {
    const response = await fetchImpl(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`config.json respondió ${response.status}`);
    const body = (await response.json()) as Partial<RuntimeConfig> | null;
    if (!body || typeof body !== 'object') throw new Error('config.json no es un objeto');
    const picked: Partial<RuntimeConfig> = {};
    for (const key of ['apiBaseUrl', 'apiKey', 'registryUrl', 'launchDate', 'publicUrl'] as const) {
      if (typeof body[key] === 'string') picked[key] = body[key];
    }
    setRuntimeConfig(picked);
    return null;
  } catch (error) {
    console.warn('[taquilla] no se pudo leer /config.json; se usan valores predeterminados', error);
    return messages.CONFIG_UNAVAILABLE;
  }
}
