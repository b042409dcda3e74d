// What a build declares for the release gate (platform/ops/gate/): `taquilla-contract.json`
// beside its mf-manifest.json (a remote) or index.html (the shell).
//
//   { "schema": 1, "kind": "remote" | "shell", "name": "seating", "version": "1.0.1",
//     "sharedVersion": "0.1.0",                       // the @taquilla/shared it was built with
//     "bus": { "contractVersion": 2, "contract": {…}, // that shared's bus-contract.json, whole
//              "emits": ["seating:selection-changed", …], "listens": ["checkout:reserved", …] },
//     "slots": { "CheckoutPanel": { "eventoId": "string" }, … },
//     "provides": { "react": "19.3.1", … },            // the shell only: the singletons it shares
//     "firstScreen": { "EventList": { "data": […] } } }  // a remote only: src/app/first-screen.json
//
// `emits` / `listens` are read from the source of the modules this build includes (its own src/,
// plus @taquilla/shared's for the shell, which provides it): every `bus.emit('…'` and
// `bus.on('…'`. An event name built at run time is not seen: the bus is only ever called with
// literal names (the typed BusEvents keys). `slots` is the slot contract of that shared
// (remote-contract.json): for a remote, the modules and props it offers (its part); for the
// shell, every slot its routes load and the props they pass.
import fs from 'node:fs';
import path from 'node:path';
import { SHARED_SINGLETON_NAMES, installedVersion } from './shared-singletons.mjs';

export const CONTRACT_FILE = 'taquilla-contract.json';

/**
 * A remote's declaration of what each exposed module reads first (FirstScreenDeclaration in
 * @taquilla/shared/landing), beside the modules in src/app. The storefront server reads it from
 * the contract of the version live now, to inline those answers into the landing pages.
 */
export const FIRST_SCREEN_FILE = path.join('src', 'app', 'first-screen.json');

/** The remote's first-screen declaration in `dir`, or undefined when it declares none. */
export function firstScreen(dir) {
  const file = path.join(dir, FIRST_SCREEN_FILE);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
}

const EMIT = /\bbus\s*\.\s*emit\s*\(\s*(['"`])([^'"`]+)\1/g;
const LISTEN = /\bbus\s*\.\s*on\s*\(\s*(['"`])([^'"`]+)\1/g;
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

/** The bus events the given source files emit and listen to, sorted. */
export function busUsage(files) {
  const emits = new Set();
  const listens = new Set();
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(EMIT)) emits.add(match[2]);
    for (const match of source.matchAll(LISTEN)) listens.add(match[2]);
  }
  return { emits: [...emits].sort(), listens: [...listens].sort() };
}

/** The folder of @taquilla/shared as the package in `fromDir` resolves it (walks node_modules up). */
export function sharedDir(fromDir) {
  for (let dir = path.resolve(fromDir); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', '@taquilla', 'shared');
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
    if (path.dirname(dir) === dir) throw new Error(`@taquilla/shared is not installed for ${fromDir}`);
  }
}

/** The singletons a host build in `dir` provides: package → installed version. */
export function providedSingletons(dir) {
  const packages = [...new Set(SHARED_SINGLETON_NAMES.map((name) => name.replace(/\/$/, '')))];
  return Object.fromEntries(packages.map((pkg) => [pkg, installedVersion(pkg, dir)]));
}

/** The declaration of a build of `name` in `dir` (kind 'remote' or 'shell') over `files`. */
export function buildContract({ kind, name, version, dir, files }) {
  const shared = sharedDir(dir);
  const read = (file) => JSON.parse(fs.readFileSync(path.join(shared, file), 'utf8'));
  const busContract = read('src/bus-contract.json');
  const remoteContract = read('src/remote-contract.json');
  return {
    schema: 1,
    kind,
    name,
    version,
    sharedVersion: read('package.json').version,
    bus: { contractVersion: busContract.version, contract: busContract, ...busUsage(files) },
    slots: kind === 'shell' ? remoteContract.slots : (remoteContract.slots[name] ?? {}),
    ...(kind === 'shell' ? { provides: providedSingletons(dir) } : {}),
    ...(kind === 'remote' && firstScreen(dir) ? { firstScreen: firstScreen(dir) } : {}),
  };
}

/**
 * rspack plugin: once the modules are known, writes the declaration as an asset. The source
 * scanned is every module of the compilation under `dir/src` (and, for the shell, under the
 * shared package it provides), tests excluded.
 */
export class TaquillaContractPlugin {
  name = 'TaquillaContractPlugin';

  /** @param {{ kind: 'remote' | 'shell', name: string, version: string, dir: string }} options */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { RawSource } = (compiler.webpack ?? compiler.rspack).sources;
    const { kind, dir } = this.options;
    const roots = [path.join(dir, 'src') + path.sep, ...(kind === 'shell' ? [path.join(sharedDir(dir), 'src') + path.sep] : [])];
    compiler.hooks.thisCompilation.tap(this.name, (compilation) => {
      compilation.hooks.processAssets.tap({ name: this.name, stage: compilation.constructor.PROCESS_ASSETS_STAGE_ADDITIONS ?? -2000 }, () => {
        const files = new Set();
        for (const module of compilation.modules) {
          const resource = module.resource ?? module.rootModule?.resource;
          if (typeof resource !== 'string') continue;
          const file = resource.split('?')[0];
          if (roots.some((root) => file.startsWith(root)) && !TEST_FILE.test(file) && fs.existsSync(file)) files.add(file);
          for (const inner of module.modules ?? []) {
            const innerFile = typeof inner.resource === 'string' ? inner.resource.split('?')[0] : null;
            if (innerFile && roots.some((root) => innerFile.startsWith(root)) && !TEST_FILE.test(innerFile)) files.add(innerFile);
          }
        }
        const contract = buildContract({ ...this.options, files: [...files].sort() });
        compilation.emitAsset(CONTRACT_FILE, new RawSource(`${JSON.stringify(contract, null, 2)}\n`));
      });
    });
  }
}
