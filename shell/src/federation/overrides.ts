import { REMOTE_NAMES, type RemoteName } from '@taquilla/shared';
import { isRemoteName } from './registry';

/**
 * Developer overrides, in the spirit of import-map-overrides: load one remote from a local dev
 * server while the rest come from the registry.
 *   ?remote:catalog=http://localhost:3011/mf-manifest.json   (persisted to localStorage)
 *   ?remote:catalog=                                          (clears that override)
 *   localStorage['taquilla:override:catalog'] = 'http://…/mf-manifest.json'
 */
export const OVERRIDE_PARAM_PREFIX = 'remote:';
export const OVERRIDE_STORAGE_PREFIX = 'taquilla:override:';

export type Overrides = Partial<Record<RemoteName, string>>;

function validUrl(value: string): string | null {
  try {
    const url = new URL(value, globalThis.location?.href ?? 'http://localhost/');
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Persists `?remote:<name>=<url>` parameters, then reads every override from storage.
 * Returns the overrides and the search string without the override parameters.
 */
export function readOverrides(
  search: string,
  storage: Storage,
  warn: (message: string) => void = console.warn,
): { overrides: Overrides; cleanedSearch: string } {
  const params = new URLSearchParams(search);
  for (const [key, value] of [...params.entries()]) {
    if (!key.startsWith(OVERRIDE_PARAM_PREFIX)) continue;
    params.delete(key);
    const name = key.slice(OVERRIDE_PARAM_PREFIX.length);
    if (!isRemoteName(name)) {
      warn(`[taquilla] override para un remote desconocido, se ignora: "${name}"`);
      continue;
    }
    if (!value.trim()) {
      storage.removeItem(OVERRIDE_STORAGE_PREFIX + name);
      continue;
    }
    const url = validUrl(value.trim());
    if (url) storage.setItem(OVERRIDE_STORAGE_PREFIX + name, url);
    else warn(`[taquilla] override inválido para "${name}": ${value}`);
  }

  const overrides: Overrides = {};
  for (const name of REMOTE_NAMES) {
    const stored = storage.getItem(OVERRIDE_STORAGE_PREFIX + name);
    const url = stored ? validUrl(stored) : null;
    if (url) overrides[name] = url;
  }
  const rest = params.toString();
  return { overrides, cleanedSearch: rest ? `?${rest}` : '' };
}

export function clearOverrides(storage: Storage): void {
  for (const name of REMOTE_NAMES) storage.removeItem(OVERRIDE_STORAGE_PREFIX + name);
}
