// The shell's side of Module Federation: @module-federation/enhanced's runtime (the instance the
// shell's build creates, which every production remote runs on too), Taquilla's behaviour as
// runtime plugins (./plugins), the registry and the developer overrides.
import { getInstance, loadRemote, preloadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { browserCohort } from '@taquilla/platform/canary';
import type { RemoteName } from '@taquilla/platform/registry';
import { getRuntimeConfig, onUnheardEvent, store } from '@taquilla/shared';
import { afterLoadIdle } from '../app/after-load-idle';
import { inlinedFetch } from '../app/inlined-fetch';
import type { AfterLoad } from './after-load';
import type { FederationApi } from './federation-api';
import { fetchRegistry, loadRemotes } from './load-remotes';
import { askOverrideConfirmation } from './override-confirmation';
import { readOverrides, saveOverrides } from './overrides';
import { fallbackPlugin } from './plugins/fallback-plugin';
import { manifestPlugin } from './plugins/manifest-plugin';
import { onCallPlugin, type RemoteFailure } from './plugins/on-call-plugin';
import { retryPlugin } from './plugins/retry-plugin';
import { timeoutPlugin } from './plugins/timeout-plugin';
import { purchaseGuard, readTabVersions, saveTabVersions } from './purchase-guard';
import type { ResolvedRemote } from './registry';
import { remotesAtom } from './remotes-state';
import type { Telemetry } from './telemetry';

/** How often an open, visible tab reads the registry again (follow-registry.ts). */
const REGISTRY_POLL_MS = 20_000;

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
    waiting: () => (later?.follower.pending() ?? []).map(({ name, version }) => `${name}@${version}`),
    // Telemetry events queued for the next beacon (sent within 2 s, or when the page is hidden);
    // before the after-load chunk has come, what the page reported waits in `afterLoadCalls`.
    telemetry: () => later?.telemetry.pending() ?? [],
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

// The after-load chunk (after-load.ts): telemetry's beacons, the registry follower, the Web Vitals
// observers and the unheard-event report. None of them draws the first screen, so they are not
// in the shell's first load: the chunk is imported once the page has loaded and gone idle (at
// once if the tab is hidden first). Until it has come, every call for it waits here, in order.
let later: AfterLoad | null = null;
/** The chunk's download is under way (or done). */
let loading = false;
/** The load event has come and the browser went idle: the chunk is due (a failed download is tried again on the next page). */
let afterLoadDue = false;
const afterLoadCalls: Array<(chunk: AfterLoad) => void> = [];

/** Runs `use` with the after-load chunk: now if it is here, else once it arrives (in call order). */
function withAfterLoad(use: (chunk: AfterLoad) => void): void {
  if (later) use(later);
  else afterLoadCalls.push(use);
}

/** When the tab last read the registry (start-up, a Reintentar): the follower ages from it. */
let registryReadAt = Date.now();

function loadAfterLoad(): void {
  if (loading) return;
  loading = true;
  void import(/* webpackChunkName: "after-load" */ './after-load')
    .then(({ startAfterLoad }) => {
      if (later) return;
      const { apiBaseUrl, apiKey } = getRuntimeConfig();
      later = startAfterLoad({
        telemetry: {
          send: (url, body) => typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body),
          // The version this page registered; developer overrides are not releases and are not reported.
          versionOf: (remote) => {
            const known = store.get(remotesAtom).remotes.find((r) => r.name === remote);
            return known?.source === 'registry' ? known.version : null;
          },
          storage: sessionStorageOrNull(),
        },
        // Beacons to `<apiBaseUrl>/telemetria` (the public API key in the query: a beacon has no headers).
        telemetryUrl: `${apiBaseUrl.replace(/\/+$/, '')}/telemetria?apiKey=${encodeURIComponent(apiKey)}`,
        follower: {
          read: () => freshRegistry().catch(() => null),
          running: () => store.get(remotesAtom).remotes,
          apply: applyRemotes,
          safe: () => !guard.inProgress(),
          readAt: registryReadAt,
        },
      });
      for (const use of afterLoadCalls.splice(0)) use(later);
    })
    .catch((error: unknown) => {
      loading = false;
      console.warn('[taquilla] telemetría no disponible por ahora', error);
    });
}

/** The shell's telemetry (telemetry.ts, in the after-load chunk): what the page's slots report waits for it. */
const telemetry: Pick<Telemetry, 'sessionStarted' | 'failed' | 'flush'> = {
  sessionStarted: (remote) => withAfterLoad((chunk) => chunk.telemetry.sessionStarted(remote)),
  failed: (remote, module, kind) => withAfterLoad((chunk) => chunk.telemetry.failed(remote, module, kind)),
  flush: () => withAfterLoad((chunk) => chunk.telemetry.flush()),
};

/** Beacons sent when the page is hidden or left too; the after-load chunk once the page has loaded. */
function startTelemetry(): void {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden') return;
    // Hidden before the chunk came (the buyer switched tabs during the load): fetch it now, so
    // what the page reported still leaves.
    loadAfterLoad();
    telemetry.flush();
  });
  window.addEventListener('pagehide', () => later?.telemetry.flush());
  // A bus event the contract says someone must hear, that nobody heard (shared's bus waits
  // UNHEARD_AFTER_MS for a late listener first): an error of the remote that broke the conversation.
  onUnheardEvent((event) => withAfterLoad((chunk) => chunk.reportUnheard(event)));
  afterLoadIdle(() => {
    afterLoadDue = true;
    loadAfterLoad();
  });
}

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
  registryReadAt = Date.now();
  later?.follower.readNow();
}

/** Open tabs follow the registry: a reading every REGISTRY_POLL_MS while visible, and when shown again. */
function followRegistry(): void {
  setInterval(() => {
    if (document.visibilityState === 'visible') withAfterLoad((chunk) => void chunk.follower.check());
  }, REGISTRY_POLL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') withAfterLoad((chunk) => void chunk.follower.stale());
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
    if (afterLoadDue) loadAfterLoad();
    withAfterLoad((chunk) => void chunk.follower.stale());
  },
  preload(name, modules) {
    if (!store.get(remotesAtom).remotes.some((remote) => remote.name === name)) return;
    preloadRemote([{ nameOrAlias: name, exposes: modules, resourceCategory: 'sync' }]).catch(() => undefined);
  },
};
