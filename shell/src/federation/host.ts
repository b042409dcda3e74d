import {
  loadRemote,
  preloadRemote,
  registerPlugins,
  registerRemotes,
} from '@module-federation/enhanced/runtime';
import { getRuntimeConfig, store, type RemoteName } from '@taquilla/shared';
import type { FederationApi } from './federation-api';
import { loadRemotes } from './load-remotes';
import { readOverrides } from './overrides';
import { fallbackPlugin } from './plugins/fallback-plugin';
import { remotesAtom } from './remotes-state';

let resolveReady: () => void = () => undefined;
const readyPromise = new Promise<void>((resolve) => {
  resolveReady = resolve;
});

const register = (remotes: { name: string; entry: string }[], options?: { force?: boolean }) =>
  registerRemotes(remotes, options);

async function readRegistry(): Promise<void> {
  const { overrides, cleanedSearch } = readOverrides(window.location.search, window.localStorage);
  if (cleanedSearch !== window.location.search) {
    // The override is persisted; keep the visible URL clean.
    const { pathname, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${cleanedSearch}${hash}`);
  }
  await loadRemotes(getRuntimeConfig().registryUrl, overrides, { fetch: window.fetch.bind(window), register });
}

/** Called once by bootstrap, after /config.json: registers the fallback plugin and the remotes. */
export async function startFederation(): Promise<void> {
  registerPlugins([fallbackPlugin()]);
  try {
    await readRegistry();
  } finally {
    resolveReady();
  }
}

export const federation: FederationApi = {
  ready: () => readyPromise,
  loadRemote: <T>(id: string) => loadRemote<T>(id),
  async refreshRemote(name: RemoteName) {
    const known = store.get(remotesAtom).remotes.find((remote) => remote.name === name);
    if (!known) {
      // The registry was missing or lacked this remote: read it again, it may be back.
      await readRegistry();
      return;
    }
    // force: true drops the cached manifest, the loading promise and the module instance
    // the runtime keeps for a failed load; without it a retry would replay the failure.
    registerRemotes([{ name, entry: known.entry }], { force: true });
  },
  preload(name, exposes) {
    if (!store.get(remotesAtom).remotes.some((remote) => remote.name === name)) return;
    preloadRemote([{ nameOrAlias: name, exposes, resourceCategory: 'sync' }]).catch(() => undefined);
  },
};
