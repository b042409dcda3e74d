// Bench only: one ordinary rspack build (no Module Federation) of shell + remotes code, with
// the same loader, targets, minifier and hashing as the real builds. Output: --out <dir>.
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { moduleRules, spanishDateFnsDefault } from '../../../platform/build/module-rules.mjs';
import { axiosXhrOnly } from '../../../shell/build/axios-xhr-only.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const shellDir = path.join(ROOT, 'shell');
const require = createRequire(path.join(shellDir, 'package.json'));
const { rspack } = await import(pathToFileURL(require.resolve('@rspack/core')).href);

export function singleBundleConfig(outDir) {
  return {
    name: 'single-bundle',
    mode: 'production',
    context: import.meta.dirname,
    target: 'web',
    entry: { main: './entry.tsx' },
    devtool: false,
    output: {
      path: outDir,
      publicPath: '/',
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      cssFilename: '[name].[contenthash:10].css',
      cssChunkFilename: '[name].[contenthash:10].css',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      // Packages resolve from the shell's dependencies first (the same installed versions).
      modules: [path.join(shellDir, 'node_modules'), 'node_modules'],
    },
    module: {
      // As the shell's build: `?worker-file` (the ALTCHA SHA worker) ships as a file of the build.
      rules: [...moduleRules(), { resourceQuery: /worker-file/, type: 'asset/resource' }],
    },
    plugins: [
      spanishDateFnsDefault(rspack),
      axiosXhrOnly(rspack),
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify('production'),
        __REMOTE_NAME__: JSON.stringify('single-bundle'),
        __REMOTE_VERSION__: JSON.stringify('bench'),
      }),
      new rspack.HtmlRspackPlugin({ template: path.join(shellDir, 'public', 'index.html'), filename: 'index.html', chunks: ['main'] }),
    ],
    optimization: { minimize: true },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  };
}

export { rspack };
