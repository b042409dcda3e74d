import { messages, store } from '@taquilla/shared';
import { applyOverrides, parseRegistry, type ResolvedRemote, type VersionChoice } from './registry';
import type { Overrides } from './overrides';
import { remotesAtom, type RemotesState } from './remotes-state';

export interface LoadRemotesDeps {
  fetch: typeof fetch;
  /** The federation runtime's registerRemotes (a seam so tests can watch what gets registered). */
  register: (remotes: { name: string; entry: string }[], options?: { force?: boolean }) => void;
  warn?: (message: string) => void;
  /** How this browser picks each remote's version (canary cohort, versions kept mid-purchase). */
  choice?: VersionChoice;
}

/** The registry read from the network (no-store) and each remote's version chosen; throws when unreadable. */
export async function fetchRegistry(
  registryUrl: string,
  { fetch, warn = console.warn, choice }: Pick<LoadRemotesDeps, 'fetch' | 'warn' | 'choice'>,
): Promise<ResolvedRemote[]> {
  const response = await fetch(registryUrl, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`registro respondió ${response.status}`);
  return parseRegistry(await response.json(), response.url || registryUrl, warn, choice);
}

/**
 * Fetches the registry (no-store: a rollback must show on the next page load), lays the
 * overrides on top and registers every remote with the federation runtime. Never throws:
 * a missing or malformed registry leaves the shell up with a message, and overridden
 * remotes still load.
 */
export async function loadRemotes(registryUrl: string, overrides: Overrides, deps: LoadRemotesDeps): Promise<RemotesState> {
  const warn = deps.warn ?? console.warn;
  let fromRegistry: ResolvedRemote[] = [];
  let message: string | null = null;
  try {
    fromRegistry = await fetchRegistry(registryUrl, deps);
  } catch (error) {
    warn(`[taquilla] no se pudo leer el registro de remotes (${registryUrl}): ${String(error)}`);
    message = messages.REGISTRY_UNAVAILABLE;
  }
  const remotes = applyOverrides(fromRegistry, overrides);
  if (remotes.length) {
    deps.register(
      remotes.map(({ name, entry }) => ({ name, entry })),
      { force: true },
    );
  }
  const state: RemotesState = { status: message ? 'error' : 'ready', remotes, overrides, message };
  store.set(remotesAtom, state);
  return state;
}
