// The shell: a federation *host* with no remote baked in. Which remote version loads is read
// at runtime from the registry (remotes.json), so releasing or rolling back a remote never
// rebuilds this bundle.
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { createSharedSingletons } from '../shared/build/shared-singletons.mjs';
import { moduleRules } from '../shared/build/module-rules.mjs';
import { EsmFederationRuntimePlugin } from '../shared/build/esm-federation-runtime.mjs';

const dir = import.meta.dirname;
const isProd = process.env.NODE_ENV !== 'development';

export default {
  name: 'shell',
  mode: isProd ? 'production' : 'development',
  context: dir,
  target: 'web',
  entry: { main: './src/index.ts' },
  devtool: isProd ? false : 'eval-cheap-module-source-map',
  output: {
    path: path.join(dir, 'dist'),
    publicPath: '/',
    filename: isProd ? '[name].[contenthash:10].js' : '[name].js',
    chunkFilename: isProd ? '[name].[contenthash:10].js' : '[name].js',
    cssFilename: isProd ? '[name].[contenthash:10].css' : '[name].css',
    cssChunkFilename: isProd ? '[name].[contenthash:10].css' : '[name].css',
    assetModuleFilename: isProd ? 'assets/[name].[contenthash:10][ext]' : 'assets/[name][ext]',
    uniqueName: 'taquilla_shell',
    clean: true,
  },
  resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  module: {
    rules: moduleRules({ isProd }),
  },
  plugins: [
    new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(isProd ? 'production' : 'development') }),
    new ModuleFederationPlugin({
      name: 'shell',
      remotes: {},
      // eager in the HOST only: the shell needs these singletons on every page, so they go in
      // its main chunk (one file, one gzip stream) instead of one chunk each. Remotes keep them
      // lazy and take the shell's. Not react-router-dom: MF refuses eager together with its
      // treeShaking, and the tree-shaken router is the smaller one. That lazy router is also
      // why index.ts keeps its async boundary before bootstrap.
      shared: Object.fromEntries(
        Object.entries(createSharedSingletons(dir)).map(([name, config]) => [
          name,
          config.treeShaking ? config : { ...config, eager: true },
        ]),
      ),
      shareStrategy: 'loaded-first',
      dts: false,
      manifest: false,
      // Exposes the host's runtime-core as a global, so a remote built with
      // experiments.externalRuntime can skip bundling its own copy (~30 KB gzip per remote).
      experiments: {
        provideExternalRuntime: true,
        // Browser-only host: drop the runtime's Node.js code paths (remotes build the same way).
        ...(isProd ? { optimization: { target: 'web' } } : {}),
      },
    }),
    // After the federation plugin: bundle its runtime as ESM (tree-shaken; see the file).
    new EsmFederationRuntimePlugin(),
    new rspack.HtmlRspackPlugin({
      template: path.join(dir, 'public', 'index.html'),
      filename: 'index.html',
      chunks: ['main'],
      minify: isProd,
    }),
  ],
  optimization: { minimize: isProd },
  performance: { hints: false },
  stats: 'errors-warnings',
};
