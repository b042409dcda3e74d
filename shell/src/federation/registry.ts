import { inCanary, readCanary } from '@taquilla/platform/canary';
import { REMOTE_NAMES, type RemoteName } from '@taquilla/platform/registry';

/** A remote the shell will register: where its mf-manifest.json lives right now. */
export interface ResolvedRemote {
  name: RemoteName;
  entry: string;
  version: string;
  source: 'registry' | 'override';
  /** Set when this browser got the remote's canary (registry `canary`, platform/canary.mjs). */
  canary?: true;
}

/** How this tab picks a version of each remote from the registry. */
export interface VersionChoice {
  /** The browser's cohort (platform/canary.mjs): decides who gets a canary. None: nobody does. */
  cohort?: number;
  /** Versions this tab must keep (a purchase in progress): used while they are in the history. */
  pinned?: Partial<Record<RemoteName, string>>;
}

export class RegistryError extends Error {
  override readonly name = 'RegistryError';
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export const isRemoteName = (name: string): name is RemoteName => (REMOTE_NAMES as readonly string[]).includes(name);

type Release = { version: string; entry: string };

const releaseOf = (history: unknown[], version: string | null | undefined): Release | undefined =>
  version
    ? history.find((item): item is Release => isRecord(item) && item.version === version && typeof item.entry === 'string' && item.entry !== '')
    : undefined;

/**
 * Reads remotes.json. A registry that is not an object with `remotes` throws RegistryError
 * (the shell stays up and says so); a single bad or unknown entry is skipped with a warning,
 * so one broken release record never takes the other remotes down.
 * Each remote's version: the tab's pinned one while it is in the history, else the canary when
 * the browser's cohort falls in it, else `current`.
 */
export function parseRegistry(raw: unknown, registryUrl: string, warn: (message: string) => void = console.warn, choice: VersionChoice = {}): ResolvedRemote[] {
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
    const release = releaseOf(history, current);
    if (!current || !release) {
      warn(`[taquilla] el registro no tiene una versión vigente válida para "${name}"; se ignora`);
      continue;
    }
    const pinned = releaseOf(history, choice.pinned?.[name]);
    const canary = readCanary(value);
    const canaryRelease = canary && choice.cohort !== undefined && inCanary(choice.cohort, name, canary) ? releaseOf(history, canary.version) : undefined;
    const chosen = pinned ?? canaryRelease ?? release;
    resolved.push({
      name,
      version: chosen.version,
      entry: resolveEntry(chosen.entry, registryUrl),
      source: 'registry',
      ...(chosen.version === canary?.version && chosen.version !== current ? { canary: true as const } : {}),
    });
  }
  return resolved;
}

/** Relative entries are relative to the registry file (absolute and root-relative stay as they are). */
function resolveEntry(entry: string, registryUrl: string): string {
  const base = new URL(registryUrl, globalThis.location?.href ?? 'http://localhost/');
  return new URL(entry, base).href;
}

/** Registry remotes with the developer's overrides laid on top (an override may add a remote). */
export function applyOverrides(remotes: ResolvedRemote[], overrides: Partial<Record<RemoteName, string>>): ResolvedRemote[] {
  const byName = new Map(remotes.map((remote) => [remote.name, remote]));
  for (const name of REMOTE_NAMES) {
    const entry = overrides[name];
    if (entry) byName.set(name, { name, entry, version: 'override', source: 'override' });
  }
  return REMOTE_NAMES.flatMap((name) => byName.get(name) ?? []);
}
