// The shell: a federation *host* with no remote baked in. Which remote version loads is read
// at runtime from the registry (remotes.json), so releasing or rolling back a remote never
// rebuilds this bundle.
import fs from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { federatedOptimization, hostFederationOptions } from '../platform/build/shared-singletons.mjs';
import { moduleRules, spanishDateFnsDefault } from '../platform/build/module-rules.mjs';
import { EsmFederationRuntimePlugin } from '../platform/build/esm-federation-runtime.mjs';
import { TaquillaContractPlugin } from '../platform/build/contract-plugin.mjs';
import { PreloadBootstrapPlugin } from './build/preload-bootstrap-plugin.mjs';
import { axiosXhrOnly } from './build/axios-xhr-only.mjs';

const dir = import.meta.dirname;
const isProd = process.env.NODE_ENV !== 'development';

export default {
  name: 'shell',
  mode: isProd ? 'production' : 'development',
  context: dir,
  target: 'web',
  entry: { main: './src/index.ts' },
  // No eval-based source maps: a dev build loaded into the store (override) runs under its CSP.
  devtool: isProd ? false : 'cheap-module-source-map',
  output: {
    // SHELL_OUTPUT_DIR: a build elsewhere (the release gate's tests build their own shell).
    path: process.env.SHELL_OUTPUT_DIR || path.join(dir, 'dist'),
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
    // `?worker-file`: a prebuilt, self-contained worker script shipped as a file of this build
    // (the ALTCHA widget's SHA worker), not bundled with the federation runtime.
    rules: [...moduleRules(), { resourceQuery: /worker-file/, type: 'asset/resource' }],
  },
  plugins: [
    spanishDateFnsDefault(rspack),
    // axios' fetch adapter never runs in a browser (XMLHttpRequest is always there): a stub.
    axiosXhrOnly(rspack),
    new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(isProd ? 'production' : 'development') }),
    // Host side of the federation contract (eager singletons, the runtime the remotes use):
    // one definition, next to the remotes' one, in platform/build/shared-singletons.mjs.
    new ModuleFederationPlugin({ name: 'shell', remotes: {}, ...hostFederationOptions(dir) }),
    // After the federation plugin: its runtime bundled from ESM, so it tree-shakes (see the file).
    new EsmFederationRuntimePlugin(),
    new rspack.HtmlRspackPlugin({
      template: path.join(dir, 'public', 'index.html'),
      filename: 'index.html',
      chunks: ['main'],
      minify: isProd,
    }),
    new PreloadBootstrapPlugin(),
    // taquilla-contract.json: the slots this shell loads (and their props), the bus events it
    // sends and hears, and the contract version it was built with — what the release gate
    // checks a remote's new build against (platform/ops/gate/).
    new TaquillaContractPlugin({ kind: 'shell', name: 'shell', version: JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version, dir }),
  ],
  optimization: federatedOptimization({ isProd }),
  performance: { hints: false },
  stats: 'errors-warnings',
};
