// index.html names as preloads the chunks every page needs right after main.js: those of
// `import('./bootstrap')` and the shared singletons the shell consumes from the share scope (the
// router). Without the hint the browser learns of them only once main.js has run: one more round
// trip (150 ms on a phone) before the app can render. Costs no JavaScript.
// It also asks for main.js itself at high priority: a deferred script is fetched at low priority,
// behind the remote's preloaded files, though nothing renders before it runs.
import { rspack } from '@rspack/core';

export class PreloadBootstrapPlugin {
  constructor({ request = './bootstrap' } = {}) {
    this.request = request;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadBootstrapPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tap('PreloadBootstrapPlugin', (data) => {
        for (const tag of data.assetTags.scripts) tag.attributes.fetchpriority = 'high';
        return data;
      });
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise('PreloadBootstrapPlugin', async (data) => {
        const { chunks = [], publicPath = '' } = compilation.getStats().toJson({ all: false, chunks: true, chunkOrigins: true, publicPath: true });
        const files = chunks
          .filter((chunk) => !chunk.initial && chunk.origins?.some((o) => o.request === this.request || o.moduleName?.startsWith('consume shared module')))
          .flatMap((chunk) => chunk.files ?? [])
          .filter((file) => /\.(?:js|css)$/.test(file));
        const base = publicPath === 'auto' ? '' : publicPath;
        const links = [...new Set(files)].map((file) => `<link rel="preload" href="${base}${file}" as="${file.endsWith('.css') ? 'style' : 'script'}">`);
        return { ...data, html: data.html.replace('</head>', `${links.join('')}</head>`) };
      });
    });
  }
}
