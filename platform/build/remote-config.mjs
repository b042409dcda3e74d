// rspack config factory for every Taquilla remote (catalog, seating, checkout, account, auth).
//
//   // mfe-x/rspack.config.mjs
//   import { createRemoteConfig } from '../platform/build/remote-config.mjs';
//   export default await createRemoteConfig({ name: 'x', dir: import.meta.dirname, port: 3005,
//     exposes: { './Thing': './src/app/Thing.tsx' } });
//
// The build is a federation container (remoteEntry.js + mf-manifest.json) plus a standalone
// index.html that mounts the exposed modules, so a team can work on its remote alone.
// Bundler packages are resolved from the remote's own folder (`dir`): `shared` declares no
// build dependencies of its own.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { REMOTE_RUNTIME_EXPERIMENTS, createSharedSingletons, federatedOptimization } from './shared-singletons.mjs';
import { moduleRules, spanishDateFnsDefault } from './module-rules.mjs';
import { EsmFederationRuntimePlugin } from './esm-federation-runtime.mjs';
import { TaquillaContractPlugin } from './contract-plugin.mjs';

async function importFrom(dir, specifier) {
  const require = createRequire(path.join(dir, 'package.json'));
  return import(pathToFileURL(require.resolve(specifier)).href);
}

/** The semver published for this build: REMOTE_VERSION (set by `pnpm release --version`) or package.json. */
export function remoteVersion(dir) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return process.env.REMOTE_VERSION || pkg.version;
}

/**
 * @param {{ name: string, exposes: Record<string,string>, dir: string, port: number,
 *           outputPath?: string, mode?: 'production'|'development' }} options
 */
export async function createRemoteConfig({ name, exposes, dir, port, outputPath, mode }) {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`remote name must be an identifier: ${name}`);
  const rspackModule = await importFrom(dir, '@rspack/core');
  const rspack = rspackModule.rspack ?? rspackModule.default;
  const mf = await importFrom(dir, '@module-federation/enhanced/rspack');
  const ModuleFederationPlugin = mf.ModuleFederationPlugin ?? mf.default.ModuleFederationPlugin;

  const buildMode = mode ?? (process.env.NODE_ENV === 'development' ? 'development' : 'production');
  const isProd = buildMode === 'production';
  const version = remoteVersion(dir);
  // One page for every remote's standalone build: it only holds #root; the remote's src/index.ts
  // mounts its routes with @taquilla/shared/standalone.
  const template = path.join(import.meta.dirname, 'standalone.html');

  return {
    name,
    mode: buildMode,
    context: dir,
    target: 'web',
    // Production builds are pure containers (release folders hold no page); the standalone
    // page (src/index.ts + standalone.html beside this file) is the development build (`pnpm dev`).
    entry: isProd ? {} : { main: './src/index.ts' },
    // No eval-based source maps: a dev build loaded into the store (override) runs under its CSP.
    devtool: isProd ? false : 'cheap-module-source-map',
    output: {
      // REMOTE_OUTPUT_DIR: `pnpm release` builds into a temp folder, leaving dist/ alone.
      path: outputPath ?? process.env.REMOTE_OUTPUT_DIR ?? path.join(dir, 'dist'),
      // 'auto': chunks resolve against wherever remoteEntry.js was loaded from, so a release
      // folder (/remotes/<name>/<version>/) works on any origin without a rebuild.
      publicPath: 'auto',
      filename: isProd ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: isProd ? '[name].[contenthash:10].js' : '[name].js',
      assetModuleFilename: isProd ? 'assets/[name].[contenthash:10][ext]' : 'assets/[name][ext]',
      cssFilename: isProd ? '[name].[contenthash:10].css' : '[name].css',
      // One per version: its chunk-loading global (self.webpackChunk<uniqueName>) is then its own,
      // so a tab that moves to another version (a rollback, a canary's end, Reintentar) loads
      // that version's chunks instead of reusing the ones the first version pushed there.
      uniqueName: `taquilla_${name}_${version.replace(/[^A-Za-z0-9]/g, '_')}`,
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    module: {
      rules: moduleRules(),
    },
    plugins: [
      spanishDateFnsDefault(rspack),
      new rspack.DefinePlugin({
        __REMOTE_NAME__: JSON.stringify(name),
        __REMOTE_VERSION__: JSON.stringify(version),
      }),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        manifest: true,
        dts: false,
        shareStrategy: 'loaded-first',
        shared: createSharedSingletons(dir),
        // Production remotes run on the shell's runtime; a development build (standalone page,
        // dev server) has no host to provide one and keeps its own.
        ...(isProd ? { experiments: REMOTE_RUNTIME_EXPERIMENTS } : {}),
      }),
      // After the federation plugin: its runtime bundled from ESM, so it tree-shakes (see the file).
      new EsmFederationRuntimePlugin(),
      // taquilla-contract.json: the bus events this build sends and hears, the slot contract and
      // the bus contract version it was built with, read by the release gate.
      new TaquillaContractPlugin({ kind: 'remote', name, version, dir }),
      ...(!isProd ? [new rspack.HtmlRspackPlugin({ template, chunks: ['main'], title: `Taquilla · ${name} (standalone)` })] : []),
    ],
    optimization: federatedOptimization({ isProd }),
    performance: { hints: false },
    devServer: { port },
    stats: 'errors-warnings',
    // publicPath 'auto' is intended (release folders are served from anywhere); silence the MF notice.
    infrastructureLogging: { level: 'error' },
  };
}
