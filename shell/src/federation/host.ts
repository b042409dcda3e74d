// The shell's side of Module Federation: @module-federation/enhanced's runtime (the instance the
// shell's build creates, which every production remote runs on too), Taquilla's behaviour as
// runtime plugins (./plugins), the registry and the developer overrides.
import { getInstance, loadRemote, preloadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { browserCohort } from '@taquilla/platform/canary';
import type { RemoteName } from '@taquilla/platform/registry';
import { getRuntimeConfig, onUnheardEvent, store } from '@taquilla/shared';
import { inlinedFetch } from '../app/inlined-fetch';
import type { FederationApi } from './federation-api';
import { purchaseGuard, readTabVersions, REGISTRY_POLL_MS, registryFollower, saveTabVersions } from './follow-registry';
import { fetchRegistry, loadRemotes } from './load-remotes';
import { askOverrideConfirmation } from './override-confirmation';
import { readOverrides, saveOverrides } from './overrides';
import { fallbackPlugin } from './plugins/fallback-plugin';
import { manifestPlugin } from './plugins/manifest-plugin';
import { onCallPlugin, type RemoteFailure } from './plugins/on-call-plugin';
import { retryPlugin } from './plugins/retry-plugin';
import { timeoutPlugin } from './plugins/timeout-plugin';
import type { ResolvedRemote } from './registry';
import { remotesAtom } from './remotes-state';
import { createTelemetry } from './telemetry';
import { blameForUnheard } from './unheard';
import { watchVitals } from './vitals';

const onCallLog = { loaded: [] as string[], failures: [] as RemoteFailure[], followed: [] as string[] };

// For the engineer on call (and the e2e suite): which entry each remote comes from, what loaded,
// what failed, and the share scope — which copy of every singleton is loaded, from which build,
// used by whom. (MF devtools read the same instance through window.__FEDERATION__.)
Object.defineProperty(window, '__TAQUILLA_FEDERATION__', {
  configurable: true,
  value: {
    entries: () => Object.fromEntries((getInstance()?.options.remotes ?? []).map((r) => [r.name, 'entry' in r ? r.entry : r.version])),
    loaded: () => [...onCallLog.loaded],
    failures: () => [...onCallLog.failures],
    /** Remote versions this tab switched to after a registry change, in order ('seating@1.0.0'). */
    followed: () => [...onCallLog.followed],
    /** Registry changes this tab has seen and keeps for its next safe moment (a purchase in progress). */
    waiting: () => follower.pending().map(({ name, version }) => `${name}@${version}`),
    // Telemetry events queued for the next beacon (sent within 2 s, or when the page is hidden).
    telemetry: () => telemetry.pending(),
    shareScope: async () => getInstance()?.shareScopeMap.default ?? {},
  },
});

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage refused (privacy settings): sessions are then counted per page load
  }
}

/** The shell's telemetry (telemetry.ts): batched beacons to the API, tagged with remote and version. */
const telemetry = createTelemetry({
  send: (url, body) => typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body),
  // The version this page registered; developer overrides are not releases and are not reported.
  versionOf: (remote) => {
    const known = store.get(remotesAtom).remotes.find((r) => r.name === remote);
    return known?.source === 'registry' ? known.version : null;
  },
  storage: sessionStorageOrNull(),
});

/** Beacons to `<apiBaseUrl>/telemetria` (the public API key in the query: a beacon has no headers), sent when the page is hidden or left too. */
function startTelemetry(): void {
  const { apiBaseUrl, apiKey } = getRuntimeConfig();
  telemetry.configure(`${apiBaseUrl.replace(/\/+$/, '')}/telemetria?apiKey=${encodeURIComponent(apiKey)}`);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') telemetry.flush();
  });
  window.addEventListener('pagehide', () => telemetry.flush());
  // A bus event the contract says someone must hear, that nobody heard (shared's bus waits
  // UNHEARD_AFTER_MS for a late listener first): an error of the remote that broke the conversation.
  onUnheardEvent((event) => {
    for (const remote of blameForUnheard(event)) telemetry.unheard(remote, String(event.type));
  });
  // The web-vitals chunk waits for the page to load and go idle: it reads the buffered entries
  // then, so it measures the whole visit without competing with the page's own first requests.
  const watch = () => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    idle(() => void watchVitals(telemetry).catch((error: unknown) => console.warn('[taquilla] Web Vitals no disponibles', error)));
  };
  if (document.readyState === 'complete') watch();
  else window.addEventListener('load', watch, { once: true });
}

let resolveReady: () => void = () => undefined;
const readyPromise = new Promise<void>((resolve) => {
  resolveReady = resolve;
});

const storage = (kind: 'localStorage' | 'sessionStorage'): Storage | undefined => {
  try {
    return window[kind];
  } catch {
    return undefined;
  }
};

/** This browser's canary cohort (platform/canary.mjs), drawn once and kept in localStorage. */
const cohort = browserCohort(storage('localStorage'));
const guard = purchaseGuard();
const registryFetch = inlinedFetch(window.fetch.bind(window));

/** The registry as it is now, each remote's version chosen for this browser (background reads stay quiet). */
const freshRegistry = () => fetchRegistry(getRuntimeConfig().registryUrl, { fetch: registryFetch, warn: () => undefined, choice: { cohort } });

/** Registers these remotes again (force: drops what the runtime kept of the old version) and mounts them. */
function applyRemotes(changed: ResolvedRemote[]): void {
  registerRemotes(
    changed.map(({ name, entry }) => ({ name, entry })),
    { force: true },
  );
  store.set(remotesAtom, (state) => {
    const replaced = state.remotes.map((remote) => changed.find((c) => c.name === remote.name) ?? remote);
    // Read from the registry: a start-up without it (its banner) is over.
    return { ...state, status: 'ready', message: null, remotes: [...replaced, ...changed.filter((c) => !state.remotes.some((r) => r.name === c.name))] };
  });
  saveTabVersions(storage('sessionStorage'), store.get(remotesAtom).remotes);
  onCallLog.followed.push(...changed.map(({ name, version }) => `${name}@${version}`));
}

const follower = registryFollower({
  read: () => freshRegistry().catch(() => null),
  running: () => store.get(remotesAtom).remotes,
  apply: applyRemotes,
  safe: () => !guard.inProgress(),
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
  // A reload in the middle of a purchase (a live hold, a 3-D Secure round trip) keeps the versions this tab ran.
  const pinned = guard.holdLive() ? readTabVersions(storage('sessionStorage')) : undefined;
  const state = await loadRemotes(getRuntimeConfig().registryUrl, overrides, {
    fetch: registryFetch,
    register: (remotes, options) => registerRemotes(remotes, options),
    choice: { cohort, pinned },
  });
  saveTabVersions(storage('sessionStorage'), state.remotes);
  follower.readNow();
}

/** Open tabs follow the registry: a reading every REGISTRY_POLL_MS while visible, and when shown again. */
function followRegistry(): void {
  setInterval(() => {
    if (document.visibilityState === 'visible') void follower.check();
  }, REGISTRY_POLL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void follower.stale();
  });
}

/** Called once by bootstrap, after /config.json: installs the plugins, reads the registry, registers the remotes. */
export async function startFederation(): Promise<void> {
  registerPlugins([
    manifestPlugin(),
    retryPlugin({ fetch: inlinedFetch(window.fetch.bind(window)) }),
    timeoutPlugin(),
    onCallPlugin(onCallLog),
    fallbackPlugin(),
  ]);
  startTelemetry();
  try {
    await readRegistry();
  } finally {
    resolveReady();
  }
  followRegistry();
}

export const federation: FederationApi = {
  ready: () => readyPromise,
  report: telemetry,
  loadRemote: <T>(id: string) => loadRemote<T>(id) as Promise<T>,
  async refreshRemote(name: RemoteName, { onlyIfChanged = false } = {}) {
    const known = store.get(remotesAtom).remotes.find((remote) => remote.name === name);
    if (!known) {
      // The registry was missing or lacked this remote: read it again, it may be back.
      if (!onlyIfChanged) await readRegistry();
      return false;
    }
    // The version now in the registry (a rollback since this tab loaded, a canary ended): load that one.
    const fresh = known.source === 'registry' ? (await freshRegistry().catch(() => null))?.find((r) => r.name === name) : undefined;
    if (fresh && fresh.entry !== known.entry) {
      applyRemotes([fresh]);
      return true;
    }
    // force: drops the manifest, the loading promise and the module the runtime keeps for a
    // failed load; without it "Reintentar" would replay the failure.
    if (!onlyIfChanged) registerRemotes([{ name, entry: known.entry }], { force: true });
    return false;
  },
  navigated() {
    guard.newPage();
    void follower.stale();
  },
  preload(name, modules) {
    if (!store.get(remotesAtom).remotes.some((remote) => remote.name === name)) return;
    preloadRemote([{ nameOrAlias: name, exposes: modules, resourceCategory: 'sync' }]).catch(() => undefined);
  },
};
