import { REMOTE_NAMES, type RemoteName } from '@taquilla/platform/registry';
import { isRemoteName } from './registry';

/**
 * Developer overrides, in the spirit of import-map-overrides: load one remote from a local dev
 * server while the rest come from the registry.
 *   ?remote:catalog=http://localhost:3011/mf-manifest.json   (kept in localStorage once confirmed)
 *   ?remote:catalog=                                          (clears that override)
 *   localStorage['taquilla:override:catalog'] = 'http://…/mf-manifest.json'
 *
 * An override is foreign script on our origin, where the session token lives: it works only
 * when the deployment's /config.json says `allowRemoteOverrides: true`, and one that arrives
 * in a link is only a proposal until the developer confirms it (see OverrideConfirmDialog).
 * Otherwise the parameters are ignored and anything already stored is wiped.
 */
const OVERRIDE_PARAM_PREFIX = 'remote:';
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

export interface ReadOverridesResult {
  /** Stored (already confirmed) overrides: loaded without asking. */
  overrides: Overrides;
  /** Overrides proposed by the address bar: stored only after the developer confirms them. */
  pending: Overrides;
  /** The search string without the override parameters. */
  cleanedSearch: string;
}

/**
 * Reads `?remote:<name>=<url>` parameters and the stored overrides. With `allowed` false (the
 * default of every deployment) nothing is loaded, nothing is stored and stale entries are
 * removed, so an old poisoned localStorage stops working too.
 */
export function readOverrides(
  search: string,
  storage: Storage,
  { allowed, warn = console.warn }: { allowed: boolean; warn?: (message: string) => void },
): ReadOverridesResult {
  const params = new URLSearchParams(search);
  const pending: Overrides = {};
  let refused = false;
  for (const [key, value] of [...params.entries()]) {
    if (!key.startsWith(OVERRIDE_PARAM_PREFIX)) continue;
    params.delete(key);
    if (!allowed) {
      refused = true;
      continue;
    }
    const name = key.slice(OVERRIDE_PARAM_PREFIX.length);
    if (!isRemoteName(name)) {
      warn(`[taquilla] override para un remote desconocido, se ignora: "${name}"`);
      continue;
    }
    if (!value.trim()) {
      storage.removeItem(OVERRIDE_STORAGE_PREFIX + name);
      delete pending[name];
      continue;
    }
    const url = validUrl(value.trim());
    if (!url) warn(`[taquilla] override inválido para "${name}": ${value}`);
    else if (storage.getItem(OVERRIDE_STORAGE_PREFIX + name) !== url) pending[name] = url;
  }
  const rest = params.toString();
  const cleanedSearch = rest ? `?${rest}` : '';

  if (!allowed) {
    clearOverrides(storage);
    if (refused) warn('[taquilla] los overrides de remotes están desactivados en este sitio; se ignoran');
    return { overrides: {}, pending: {}, cleanedSearch };
  }
  const overrides: Overrides = {};
  for (const name of REMOTE_NAMES) {
    const stored = storage.getItem(OVERRIDE_STORAGE_PREFIX + name);
    const url = stored ? validUrl(stored) : null;
    if (url && !pending[name]) overrides[name] = url;
  }
  return { overrides, pending, cleanedSearch };
}

/** Stores overrides the developer confirmed. */
export function saveOverrides(overrides: Overrides, storage: Storage): void {
  for (const [name, url] of Object.entries(overrides)) storage.setItem(OVERRIDE_STORAGE_PREFIX + name, url);
}

export function clearOverrides(storage: Storage): void {
  for (const name of REMOTE_NAMES) storage.removeItem(OVERRIDE_STORAGE_PREFIX + name);
}
