// The federation singletons every build (shell host and every remote) must agree on.
// One list, used by platform/build/remote-config.mjs and by the shell's rspack config, so a
// host and its remotes can never disagree on what is shared.
//
// requiredVersion is explicit and read from the package.json actually installed next to the
// build: a `workspace:*` range (what pnpm writes for @taquilla/shared) breaks the MF check.
import fs from 'node:fs';
import path from 'node:path';

/** Package names shared as singletons. A trailing '/' shares every subpath (react-dom/client). */
export const SHARED_SINGLETON_NAMES = Object.freeze(['react', 'react/', 'react-dom', 'react-dom/', 'react-router-dom', 'jotai', '@taquilla/shared']);

/**
 * The ONLY names any package may import from react-router-dom (shell, every remote, their
 * standalone pages and tests). react-router-dom is shared tree-shaken to exactly this list
 * (MF `treeShaking`, identical in host and remotes), so the router the shell provides holds
 * what every remote needs and no remote ever falls back to a second router copy.
 * platform/build/react-router-exports.test.mjs scans every package's src and fails on a name
 * outside this list: add the name HERE (one list, every build) before using it.
 */
export const REACT_ROUTER_DOM_EXPORTS = Object.freeze([
  'BrowserRouter',
  'Link',
  'MemoryRouter',
  'NavLink',
  'Navigate',
  'Outlet',
  'Route',
  'Routes',
  'useLocation',
  'useNavigate',
  'useNavigationType',
  'useParams',
  'useSearchParams',
]);

/**
 * rspack `optimization` for every federated build (shell and remotes).
 *
 * Development builds turn `sideEffects` off. With a shared package in MF `treeShaking` mode
 * (react-router-dom above), an rspack 2 development build otherwise marks exports it never
 * analysed as unused and replaces them with `undefined` ("/* unused export *\/"), among them
 * the federation runtime's own (`createLogger`): the page dies at start-up (the shell's
 * `pnpm dev` build, every remote's standalone page and a dev server loaded through the
 * override). Production builds analyse exports properly. e2e/tests/platform-dev.spec.ts opens
 * a remote's dev server in Chromium.
 */
export function federatedOptimization({ isProd }) {
  return isProd ? { minimize: true } : { minimize: false, sideEffects: false };
}

/** Installed version of `pkg` as seen from the package in `fromDir`. */
export function installedVersion(pkg, fromDir) {
  // Walk up node_modules like Node does; `require('x/package.json')` is not used because
  // package "exports" maps (ours: "./*" → src/*.ts) may hide package.json.
  for (let dir = path.resolve(fromDir); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', pkg, 'package.json');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).version;
    if (path.dirname(dir) === dir) throw new Error(`${pkg} is not installed for ${fromDir}`);
  }
}

/**
 * The `shared` option for ModuleFederationPlugin, resolved from `fromDir` (the package being
 * built). Third-party packages accept the installed major (`^x.y.z`); @taquilla/shared is
 * pinned to its literal version because it carries our cross-remote contracts.
 *
 * `strictVersion`: a singleton the page already has that does not satisfy a build's
 * requiredVersion is an ERROR when that build loads (its slot shows its fallback, the load
 * failure is logged), never the runtime's warning-then-use-it-anyway, which let a remote built
 * against another @taquilla/shared run on the shell's and fail later in odd places. The release
 * gate (platform/ops/gate/) refuses such a build before it is live (decision 0024).
 */
export function createSharedSingletons(fromDir) {
  const shared = {};
  for (const name of SHARED_SINGLETON_NAMES) {
    const pkg = name.endsWith('/') ? name.slice(0, -1) : name;
    const version = installedVersion(pkg, fromDir);
    const requiredVersion = pkg === '@taquilla/shared' ? version : `^${version}`;
    shared[name] = { singleton: true, requiredVersion, version, strictVersion: true };
    if (name === 'react-router-dom') {
      shared[name].treeShaking = { mode: 'runtime-infer', usedExports: [...REACT_ROUTER_DOM_EXPORTS] };
    }
  }
  return shared;
}

/**
 * MF runtime size options (`experiments`) of a production REMOTE (platform/build/remote-config.mjs):
 * - externalRuntime: the remote bundles no federation runtime; it runs on the one the shell
 *   provides (`provideExternalRuntime` below). Without a providing host a remote fails with
 *   "setGlobalFederationConstructor", so development builds (the standalone page, `pnpm dev`)
 *   keep their own runtime.
 * - target 'web': no Node.js loading paths. disableRemote / disableSnapshot: a remote consumes
 *   no other remote and never reads a manifest.
 */
export const REMOTE_RUNTIME_EXPERIMENTS = Object.freeze({
  externalRuntime: true,
  optimization: { target: 'web', disableRemote: true, disableSnapshot: true },
});

/**
 * What the HOST (shell) spreads into its ModuleFederationPlugin options, so it matches the
 * remotes built by remote-config.mjs (shell/rspack.config.mjs):
 *
 *   new ModuleFederationPlugin({ name: 'shell', remotes: {}, ...hostFederationOptions(dir) })
 *
 * - provideExternalRuntime: the shell's MF runtime (@module-federation/enhanced) is the one
 *   every production remote runs on (REMOTE_RUNTIME_EXPERIMENTS).
 * - target 'web': no Node.js loading paths. The snapshot plugin stays (no disableSnapshot): the
 *   registry names each release's mf-manifest.json, and the runtime's manifest protocol turns it
 *   into the remoteEntry.js to load and the files preloadRemote warms.
 * - eager singletons: the shell needs every one on every page, so they go in its main chunk
 *   (one file, one gzip stream) instead of one chunk each; remotes keep them lazy and take the
 *   shell's. Not the tree-shaken react-router-dom: MF refuses `eager` together with
 *   `treeShaking`, and the tree-shaken router is the smaller one. That lazy router is why the
 *   shell keeps an async boundary (src/index.ts → bootstrap).
 */
export function hostFederationOptions(fromDir) {
  const shared = Object.fromEntries(
    Object.entries(createSharedSingletons(fromDir)).map(([name, config]) => [name, config.treeShaking ? config : { ...config, eager: true }]),
  );
  return {
    dts: false,
    manifest: false,
    shareStrategy: 'loaded-first',
    shared,
    experiments: {
      provideExternalRuntime: true,
      optimization: { target: 'web', disableSnapshot: true },
    },
  };
}
