import { REMOTE_NAMES, type RemoteName } from '@taquilla/platform/registry';

/** A remote the shell will register: where its mf-manifest.json lives right now. */
export interface ResolvedRemote {
  name: RemoteName;
  entry: string;
  version: string;
  source: 'registry' | 'override';
}

export class RegistryError extends Error {
  override readonly name = 'RegistryError';
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isRemoteName = (name: string): name is RemoteName =>
  (REMOTE_NAMES as readonly string[]).includes(name);

/**
 * Reads remotes.json. A registry that is not an object with `remotes` throws RegistryError
 * (the shell stays up and says so); a single bad or unknown entry is skipped with a warning,
 * so one broken release record never takes the other remotes down.
 */
export function parseRegistry(
  raw: unknown,
  registryUrl: string,
  warn: (message: string) => void = console.warn,
): ResolvedRemote[] {
  if (!isRecord(raw) || !isRecord(raw.remotes)) {
    throw new RegistryError('remotes.json no tiene la forma { remotes: { … } }');
  }
  const resolved: ResolvedRemote[] = [];
  for (const [name, value] of Object.entries(raw.remotes)) {
    if (!isRemoteName(name)) {
      warn(`[taquilla] remote desconocido en el registro, se ignora: "${name}"`);
      continue;
    }
    const current = isRecord(value) && typeof value.current === 'string' ? value.current : null;
    const history = isRecord(value) && Array.isArray(value.history) ? value.history : [];
    const release = history.find(
      (item): item is { version: string; entry: string } =>
        isRecord(item) && item.version === current && typeof item.entry === 'string' && item.entry !== '',
    );
    if (!current || !release) {
      warn(`[taquilla] el registro no tiene una versión vigente válida para "${name}"; se ignora`);
      continue;
    }
    resolved.push({ name, version: current, entry: resolveEntry(release.entry, registryUrl), source: 'registry' });
  }
  return resolved;
}

/** Relative entries are relative to the registry file (absolute and root-relative stay as they are). */
export function resolveEntry(entry: string, registryUrl: string): string {
  const base = new URL(registryUrl, globalThis.location?.href ?? 'http://localhost/');
  return new URL(entry, base).href;
}

/** Registry remotes with the developer's overrides laid on top (an override may add a remote). */
export function applyOverrides(
  remotes: ResolvedRemote[],
  overrides: Partial<Record<RemoteName, string>>,
): ResolvedRemote[] {
  const byName = new Map(remotes.map((remote) => [remote.name, remote]));
  for (const name of REMOTE_NAMES) {
    const entry = overrides[name];
    if (entry) byName.set(name, { name, entry, version: 'override', source: 'override' });
  }
  return REMOTE_NAMES.flatMap((name) => byName.get(name) ?? []);
}
