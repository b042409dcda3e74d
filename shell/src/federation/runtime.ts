// The shell's remote loader: registry entry → mf-manifest.json → remoteEntry.js → container.
//
// Module Federation's browser runtime (runtime-core, about 25 KB gzip) is replaced in every
// build by shared/src/federation/bundler-runtime.ts (shared singletons, 1.7 KB); this file is
// the host half: the webpack "dynamic remote containers" protocol MF containers speak —
//
//   await __webpack_init_sharing__('default');            // the shell registers its singletons
//   await container.init(__webpack_share_scopes__.default); // the remote joins that scope
//   const factory = await container.get('./EventList');
//
// A remote is loaded once per registration. A failed load stays failed (no hammering a dead
// origin on every render) until registerRemotes(…, { force: true }) — the slot's "Reintentar" —
// drops it, so the next loadRemote fetches the manifest and the script again.

import { isRecord } from './registry';

declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: Record<string, unknown>;

export interface RemoteContainer {
  init(shareScope: unknown, initScope?: unknown[], options?: unknown): unknown;
  get(expose: string): Promise<() => unknown>;
}

/** What a remote's mf-manifest.json tells the shell (the fields the loader reads). */
export interface RemoteManifest {
  /** Absolute URL of remoteEntry.js. */
  remoteEntry: string;
  /** The global the container assigns itself to (`var <globalName>`). */
  globalName: string;
  /** Absolute URLs of each exposed module's synchronous JS and CSS, by expose name ('EventList'). */
  assets: Record<string, string[]>;
}

export interface RuntimeDeps {
  fetch: typeof fetch;
  /** Runs a classic script and resolves once it has executed (rejects on a network error). */
  loadScript: (url: string) => Promise<void>;
  /** Where containers assign themselves (window). */
  global: Record<string, unknown>;
  /** The host's share scope, after registering the host's own singletons into it. */
  shareScope: () => Promise<unknown>;
  /** Adds a low-priority hint for a file the next page will likely need. */
  prefetch: (url: string) => void;
  /** How long a manifest or remoteEntry.js may take before the load counts as failed (default 30 s). */
  timeoutMs?: number;
}

/** Rejects with `message` when `work` has not settled after `ms` (a hung origin must end in the slot's fallback). */
function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

interface RemoteRecord {
  entry: string;
  manifest?: Promise<RemoteManifest>;
  container?: Promise<RemoteContainer>;
}

/** Reads the parts of an mf-manifest.json the loader needs; throws on anything else. */
export function parseManifest(raw: unknown, manifestUrl: string): RemoteManifest {
  const meta = isRecord(raw) && isRecord(raw.metaData) ? raw.metaData : null;
  const entry = meta && isRecord(meta.remoteEntry) ? meta.remoteEntry : null;
  if (!meta || !entry || typeof entry.name !== 'string' || typeof meta.globalName !== 'string') {
    throw new Error(`${manifestUrl} no es un mf-manifest.json válido`);
  }
  // publicPath 'auto' (every Taquilla remote): files sit next to the manifest.
  const base = typeof meta.publicPath === 'string' && meta.publicPath !== 'auto' ? new URL(meta.publicPath, manifestUrl).href : manifestUrl;
  const url = (file: string) => new URL(file, base).href;
  const dir = typeof entry.path === 'string' && entry.path ? `${entry.path.replace(/\/?$/, '/')}` : '';
  const assets: Record<string, string[]> = {};
  const exposes: unknown[] = isRecord(raw) && Array.isArray(raw.exposes) ? raw.exposes : [];
  for (const expose of exposes) {
    if (!isRecord(expose) || typeof expose.name !== 'string' || !isRecord(expose.assets)) continue;
    const files: string[] = [];
    for (const kind of ['js', 'css']) {
      const group = expose.assets[kind];
      if (isRecord(group) && Array.isArray(group.sync)) files.push(...group.sync.filter((f): f is string => typeof f === 'string').map(url));
    }
    assets[expose.name] = files;
  }
  return { remoteEntry: url(`${dir}${entry.name}`), globalName: meta.globalName, assets };
}

export function createFederationRuntime(deps: RuntimeDeps) {
  const remotes = new Map<string, RemoteRecord>();

  const timeoutMs = deps.timeoutMs ?? 30_000;
  const seconds = `${Math.round(timeoutMs / 1000)} s`;

  const manifestOf = (name: string, record: RemoteRecord) =>
    (record.manifest ??= withTimeout(
      (async () => {
        const response = await deps.fetch(record.entry, { headers: { Accept: 'application/json' } });
        if (!response.ok) throw new Error(`el manifiesto de "${name}" respondió ${response.status} (${record.entry})`);
        // Not JSON (an HTML error page, say) reads as null: parseManifest says what is wrong.
        return parseManifest(await response.json().catch(() => null), response.url || record.entry);
      })(),
      timeoutMs,
      `el manifiesto de "${name}" no respondió en ${seconds} (${record.entry})`,
    ));

  const containerOf = (name: string, record: RemoteRecord) =>
    (record.container ??= (async () => {
      const manifest = await manifestOf(name, record);
      const shareScope = await deps.shareScope();
      // A retry must see the script define the container again. Not `delete`: `var <name>` in a
      // classic script makes a non-configurable window property, and deleting it throws here.
      deps.global[manifest.globalName] = undefined;
      await withTimeout(deps.loadScript(manifest.remoteEntry), timeoutMs, `${manifest.remoteEntry} no cargó en ${seconds}`);
      const container = deps.global[manifest.globalName] as RemoteContainer | undefined;
      if (!container || typeof container.get !== 'function' || typeof container.init !== 'function') {
        throw new Error(`${manifest.remoteEntry} no definió el contenedor "${manifest.globalName}"`);
      }
      await container.init(shareScope, [], {});
      return container;
    })());

  const find = (name: string) => {
    const record = remotes.get(name);
    if (!record) throw new Error(`el remote "${name}" no está registrado`);
    return record;
  };

  return {
    /** Adds or replaces remotes; `force` also forgets a remote already loaded (or failed) at the same entry. */
    registerRemotes(list: { name: string; entry: string }[], options: { force?: boolean } = {}) {
      for (const { name, entry } of list) {
        if (options.force || remotes.get(name)?.entry !== entry) remotes.set(name, { entry });
      }
    },

    /** `'<remote>/<Module>'` → the module's exports. Rejects when the remote cannot load. */
    async loadRemote<T>(id: string): Promise<T> {
      const slash = id.indexOf('/');
      if (slash < 1) throw new Error(`id de módulo remoto inválido: "${id}" (se espera "<remote>/<Módulo>")`);
      const name = id.slice(0, slash);
      const container = await containerOf(name, find(name));
      const factory = await container.get(`./${id.slice(slash + 1)}`);
      return factory() as T;
    },

    /** Hints the browser to fetch a remote's entry and these exposes' files; errors are the caller's to ignore. */
    async preloadRemote(name: string, exposes: string[]) {
      const manifest = await manifestOf(name, find(name));
      for (const url of [manifest.remoteEntry, ...exposes.flatMap((expose) => manifest.assets[expose] ?? [])]) deps.prefetch(url);
    },

    /** Where each registered remote is loaded from (window.__TAQUILLA_FEDERATION__, for on-call). */
    entries(): Record<string, string> {
      return Object.fromEntries([...remotes].map(([name, record]) => [name, record.entry]));
    },
  };
}

/** The shell's 'default' share scope, with the shell's own singletons registered into it. */
export async function hostShareScope(): Promise<unknown> {
  await __webpack_init_sharing__('default');
  return __webpack_share_scopes__.default;
}

/** The browser's implementation of the runtime's dependencies. */
export function browserRuntimeDeps(): RuntimeDeps {
  const prefetched = new Set<string>();
  return {
    fetch: window.fetch.bind(window),
    global: window as unknown as Record<string, unknown>,
    loadScript: (url) =>
      new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = url;
        script.onload = () => {
          script.remove();
          resolve();
        };
        script.onerror = () => {
          script.remove();
          reject(new Error(`no se pudo cargar ${url}`));
        };
        document.head.append(script);
      }),
    shareScope: hostShareScope,
    prefetch(url) {
      if (prefetched.has(url)) return;
      prefetched.add(url);
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = url;
      document.head.append(link);
    },
  };
}
