// Taquilla's Module Federation bundler runtime: the code every federated build (the shell and
// each remote) runs to share singletons. It replaces `@module-federation/webpack-bundler-runtime`
// + `runtime-core` + `sdk` (about 29 KB gzip on a first load) with the part of them this storefront
// uses (1.7 KB gzip): shared/build/federation-runtime-plugin.mjs points the import at the top of
// the entry that ModuleFederationPlugin generates at this file.
//
// The contract is the one rspack's generated federation code speaks (the object it imports as
// `__module_federation_bundler_runtime__`, see node_modules/.rspack-mf-runtime/*.js in a build):
// it fills `webpackRequire.federation.initOptions` (name, shareStrategy, the `shared` this build
// provides) and the consume handlers, then calls `init`, `installInitialConsumes`, `consumes`
// (per chunk), `I` (initialise a share scope) and `initContainerEntry` (container.init).
//
// Sharing model (the same as Module Federation's):
// - A share scope is `{ [package]: { [version]: SharedEntry } }`. The host (shell) owns the
//   'default' scope; `container.init(scope)` makes a remote register into and consume from that
//   same object, so every singleton exists once on the page.
// - A build registers what it provides the first time it touches a scope. An existing entry
//   for the same version is kept unless the newcomer is eager and it is not (and never once
//   loaded).
// - `loaded-first` (the storefront's strategy): a singleton uses the copy already loaded,
//   otherwise the highest version; a non-singleton the highest loaded copy that satisfies its
//   range, otherwise the highest satisfying one. `version-first` skips the "loaded" preference.
//   A singleton whose range the chosen copy does not satisfy is used with a console warning
//   (strictVersion: an error); nothing provided at all → the build's own fallback copy.
// Not supported (the storefront does not use them): static `remotes`, layers, several share
// scopes per module, runtime plugins. The secondary tree-shaking share entries MF builds are
// not used either: every build tree-shakes react-router-dom to the same export list
// (shared/build/shared-singletons.mjs), so any provided copy serves every consumer.

export type ModuleFactory = () => unknown;
export type SharedGetter = () => ModuleFactory | Promise<ModuleFactory>;

/** One provided copy of a shared package in a share scope. */
export interface SharedEntry {
  version: string;
  /** Name of the build that provided it. */
  from: string;
  get: SharedGetter;
  eager: boolean;
  /** Set once a consumer took this copy (`loaded-first` prefers it from then on). */
  loaded?: true;
  /** Builds that consume this copy. */
  useIn: string[];
}

export type ShareScope = Record<string, Record<string, SharedEntry>>;

export interface ShareConfig {
  singleton?: boolean;
  requiredVersion?: string | false;
  strictVersion?: boolean;
  eager?: boolean;
}

interface ProvidedShared {
  version: string;
  scope: string[];
  shareConfig: ShareConfig;
  get: SharedGetter;
}

interface ConsumeHandler {
  /** The build's own copy, used when no build provides the package. */
  getter: SharedGetter;
  shareKey: string;
  shareInfo: { shareConfig: ShareConfig; scope: (string | string[])[] };
}

interface Federation {
  initOptions: { name: string; shareStrategy?: string; shared?: Record<string, ProvidedShared[]> };
  /** Share scope objects this build already registered its packages into. */
  provided?: WeakSet<ShareScope>;
}

interface ModuleRecord {
  exports: unknown;
}

export interface WebpackRequire {
  m: Record<string, (module: ModuleRecord) => void>;
  c: Record<string, unknown>;
  S: Record<string, ShareScope>;
  I: (scope: string, initScope?: unknown[]) => Promise<unknown>;
  o: (object: object, key: PropertyKey) => boolean;
  federation: Federation;
}

// ---------------------------------------------------------------------------------------------
// semver: the range forms package.json and the MF plugin write (x.y.z, ^, ~, >=, >, <=, <, =,
// x-ranges, `||`, space-separated AND). Prerelease tags compare as lower than the release.

type Version = [number, number, number, string];

function parse(version: string): Version | null {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([\w.]+))?/.exec(version.trim());
  return match ? [+match[1]!, +(match[2] ?? 0), +(match[3] ?? 0), match[4] ?? ''] : null;
}

export function compareVersions(a: string, b: string): number {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return 0;
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
  // 1.0.0-beta < 1.0.0
  return x[3] === y[3] ? 0 : !x[3] ? 1 : !y[3] ? -1 : x[3] < y[3] ? -1 : 1;
}

function satisfiesOne(version: string, comparator: string): boolean {
  const match = /^(\^|~|>=|<=|>|<|=)?\s*v?([\dxX*]+)(?:\.([\dxX*]+))?(?:\.([\dxX*]+))?(-[\w.]+)?$/.exec(comparator);
  if (!match) return false;
  const op = match[1] ?? '';
  const wild = (part: string | undefined) => part === undefined || /^[xX*]$/.test(part);
  const parts = [match[2], match[3], match[4]];
  const fixed = parts.findIndex(wild); // how many leading parts are numbers (-1: all three)
  const base = parts.map((part) => (wild(part) ? 0 : +part!)) as [number, number, number];
  const low = `${base.join('.')}${match[5] ?? ''}`;
  const cmp = compareVersions(version, low);
  const below = (major: number, minor: number, patch: number) => compareVersions(version, `${major}.${minor}.${patch}-0`) < 0;
  if (op === '>=') return cmp >= 0;
  if (op === '>') return cmp > 0;
  if (op === '<=') return cmp <= 0;
  if (op === '<') return cmp < 0;
  if (fixed === 0) return true; // *, x
  const [major, minor, patch] = base;
  if (op === '^') {
    if (cmp < 0) return false;
    if (major > 0 || fixed === 1) return below(major + 1, 0, 0);
    if (minor > 0 || fixed === 2) return below(0, minor + 1, 0);
    return below(0, 0, patch + 1);
  }
  if (op === '~') return cmp >= 0 && (fixed === 1 ? below(major + 1, 0, 0) : below(major, minor + 1, 0));
  // exact, or an x-range such as 1.2.x
  if (fixed === 1) return cmp >= 0 && below(major + 1, 0, 0);
  if (fixed === 2) return cmp >= 0 && below(major, minor + 1, 0);
  return cmp === 0;
}

/** Whether `version` is in `range` (npm semantics for the forms listed above). */
export function satisfies(version: string, range: string): boolean {
  return range.split('||').some((set) => {
    const comparators = set.trim().replace(/(\^|~|>=|<=|>|<|=)\s+/g, '$1').split(/\s+/).filter(Boolean);
    return comparators.every((comparator) => satisfiesOne(version, comparator));
  });
}

// ---------------------------------------------------------------------------------------------
// share scopes

const highest = (entries: SharedEntry[]) =>
  entries.reduce<SharedEntry | undefined>((best, entry) => (!best || compareVersions(entry.version, best.version) > 0 ? entry : best), undefined);

/** Registers what this build provides into `scope` (once per scope object). */
function provide(req: WebpackRequire, scopeName: string): ShareScope {
  const federation = req.federation;
  const scope = (req.S[scopeName] ??= {});
  const provided = (federation.provided ??= new WeakSet());
  if (provided.has(scope)) return scope;
  provided.add(scope);
  const { name, shared = {} } = federation.initOptions;
  for (const [pkg, copies] of Object.entries(shared)) {
    for (const copy of copies) {
      if (!copy.scope.includes(scopeName)) continue;
      const versions = (scope[pkg] ??= {});
      const current = versions[copy.version];
      const eager = Boolean(copy.shareConfig.eager);
      if (!current || (!current.loaded && !current.eager && eager)) {
        versions[copy.version] = { version: copy.version, from: name, get: copy.get, eager, useIn: current?.useIn ?? [] };
      }
    }
  }
  return scope;
}

/** The copy of `pkg` a consumer with `config` gets from `scope` (see the header), or none. */
export function chooseShared(
  scope: ShareScope,
  pkg: string,
  config: ShareConfig,
  strategy = 'loaded-first',
): SharedEntry | undefined {
  const copies = Object.values(scope[pkg] ?? {});
  const range = config.requiredVersion;
  const fits = (entry: SharedEntry) => !range || satisfies(entry.version, range);
  const loaded = strategy === 'version-first' ? [] : copies.filter((entry) => entry.loaded);
  const chosen = config.singleton
    ? highest(loaded) ?? highest(copies)
    : highest(loaded.filter(fits)) ?? highest(copies.filter(fits));
  if (chosen && !fits(chosen)) {
    const message = `[federation] ${pkg}@${chosen.version} (de ${chosen.from}) no cumple ${String(range)}`;
    if (config.strictVersion) throw new Error(message);
    console.warn(`${message}; se usa por ser singleton`);
  }
  return chosen;
}

function take(req: WebpackRequire, handler: ConsumeHandler): SharedGetter {
  const [scopeName] = handler.shareInfo.scope.flat();
  const { name, shareStrategy } = req.federation.initOptions;
  const entry = chooseShared(provide(req, scopeName ?? 'default'), handler.shareKey, handler.shareInfo.shareConfig, shareStrategy);
  if (!entry) return handler.getter;
  entry.loaded = true;
  if (!entry.useIn.includes(name)) entry.useIn.push(name);
  return entry.get;
}

function install(req: WebpackRequire, id: string, factory: ModuleFactory) {
  req.m[id] = (module) => {
    delete req.c[id];
    module.exports = factory();
  };
}

// ---------------------------------------------------------------------------------------------
// the interface rspack's generated federation code calls

interface Options {
  webpackRequire: WebpackRequire;
}

const bundlerRuntime = {
  /** The build's share scopes (rspack assigns this object to `__webpack_require__.S`). */
  S: {} as Record<string, ShareScope>,

  /** Kept by the generated code as `federation.instance`; this runtime reads initOptions directly. */
  init({ webpackRequire }: Options) {
    return webpackRequire.federation.initOptions;
  },

  /** `__webpack_require__.I`: registers this build's packages into a share scope. */
  I({ shareScopeName, webpackRequire }: Options & { shareScopeName: string | string[]; initScope?: unknown[] }) {
    for (const name of [shareScopeName].flat()) provide(webpackRequire, name);
    return Promise.resolve(true);
  },

  /** `container.init(shareScope)`: adopt the host's scope object, then register into it. */
  initContainerEntry({
    webpackRequire,
    shareScope,
    shareScopeKey,
    initScope,
  }: Options & { shareScope?: ShareScope; shareScopeKey?: string | string[]; initScope?: unknown[] }) {
    const key = typeof shareScopeKey === 'string' ? shareScopeKey : 'default';
    if (shareScope) webpackRequire.S[key] = shareScope;
    return webpackRequire.I(key, initScope);
  },

  /** Chunk loading: resolves the chunk's shared modules before the chunk runs. */
  consumes({
    chunkId,
    promises,
    chunkMapping,
    moduleToHandlerMapping,
    installedModules,
    webpackRequire: req,
  }: Options & {
    chunkId: string | number;
    promises: Promise<unknown>[];
    chunkMapping: Record<string, string[]>;
    moduleToHandlerMapping: Record<string, ConsumeHandler>;
    installedModules: Record<string, Promise<unknown> | 0>;
  }) {
    for (const id of req.o(chunkMapping, chunkId) ? chunkMapping[chunkId]! : []) {
      if (req.o(installedModules, id)) {
        promises.push(installedModules[id] as Promise<unknown>);
        continue;
      }
      const loading = Promise.resolve()
        .then(() => take(req, moduleToHandlerMapping[id]!)())
        .then(
          (factory) => {
            installedModules[id] = 0;
            install(req, id, factory);
          },
          (error: unknown) => {
            delete installedModules[id];
            req.m[id] = () => {
              delete req.c[id];
              throw error;
            };
          },
        );
      promises.push((installedModules[id] = loading));
    }
  },

  /** Eager shared modules of the entry chunk: resolved synchronously when first required. */
  installInitialConsumes({
    webpackRequire: req,
    initialConsumes,
    installedModules,
    moduleToHandlerMapping,
  }: Options & {
    initialConsumes: string[];
    installedModules: Record<string, unknown>;
    moduleToHandlerMapping: Record<string, ConsumeHandler>;
  }) {
    for (const id of initialConsumes) {
      install(req, id, () => {
        installedModules[id] = 0;
        const factory = take(req, moduleToHandlerMapping[id]!)();
        if (typeof factory !== 'function') {
          throw new Error(`[federation] ${moduleToHandlerMapping[id]!.shareKey} no está disponible de forma síncrona (¿falta eager o un límite asíncrono?)`);
        }
        return factory();
      });
    }
  },

  /** MF's tree-shaking fallback loader; here every build's own copy is the fallback. */
  getSharedFallbackGetter({ factory }: { factory: SharedGetter }) {
    return factory;
  },
};

/** What the generated entry copies onto `__webpack_require__.federation` (it fills in the rest). */
export default { bundlerRuntime };
