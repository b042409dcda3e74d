import { getRuntimeConfig, store, type RemoteName } from '@taquilla/shared';
import type { FederationApi } from './federation-api';
import { loadRemotes } from './load-remotes';
import { askOverrideConfirmation } from './override-confirmation';
import { readOverrides, saveOverrides } from './overrides';
import { remotesAtom } from './remotes-state';
import { browserRuntimeDeps, createFederationRuntime, hostShareScope } from './runtime';

const runtime = createFederationRuntime(browserRuntimeDeps());

// For the engineer on call (and the e2e suite): which entry each remote comes from, and the
// share scope — which copy of every singleton is loaded, from which build, used by whom.
Object.defineProperty(window, '__TAQUILLA_FEDERATION__', {
  configurable: true,
  value: { entries: () => runtime.entries(), shareScope: hostShareScope },
});

let resolveReady: () => void = () => undefined;
const readyPromise = new Promise<void>((resolve) => {
  resolveReady = resolve;
});

async function readRegistry(): Promise<void> {
  const { overrides, pending, cleanedSearch } = readOverrides(window.location.search, window.localStorage, {
    allowed: getRuntimeConfig().allowRemoteOverrides === true,
  });
  if (cleanedSearch !== window.location.search) {
    // Overrides are kept in storage (once confirmed); keep the visible URL clean.
    const { pathname, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${cleanedSearch}${hash}`);
  }
  if (Object.keys(pending).length && (await askOverrideConfirmation(pending))) {
    saveOverrides(pending, window.localStorage);
    Object.assign(overrides, pending);
  }
  await loadRemotes(getRuntimeConfig().registryUrl, overrides, {
    fetch: window.fetch.bind(window),
    register: runtime.registerRemotes,
  });
}

/** Called once by bootstrap, after /config.json: reads the registry and registers the remotes. */
export async function startFederation(): Promise<void> {
  try {
    await readRegistry();
  } finally {
    resolveReady();
  }
}

export const federation: FederationApi = {
  ready: () => readyPromise,
  loadRemote: <T>(id: string) => runtime.loadRemote<T>(id),
  async refreshRemote(name: RemoteName) {
    const known = store.get(remotesAtom).remotes.find((remote) => remote.name === name);
    if (!known) {
      // The registry was missing or lacked this remote: read it again, it may be back.
      await readRegistry();
      return;
    }
    // force: a failed load is kept (so a dead origin is not asked again on every render);
    // forgetting it makes the next load fetch the manifest and the script again.
    runtime.registerRemotes([{ name, entry: known.entry }], { force: true });
  },
  preload(name, exposes) {
    if (!store.get(remotesAtom).remotes.some((remote) => remote.name === name)) return;
    runtime.preloadRemote(name, exposes).catch(() => undefined);
  },
};
