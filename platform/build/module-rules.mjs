// The one set of module rules for every Taquilla build — the shell host, each remote and the
// single-bundle baseline of the bundle benchmark — so all of them transpile the same way
// (same browser targets, same JSX runtime) and the benchmark compares like with like.

/** Browsers the storefront supports (the swc transform targets). */
export const BROWSER_TARGETS = Object.freeze(['chrome >= 109', 'firefox >= 115', 'safari >= 15.4', 'edge >= 109']);

/** rspack `module.rules`: TS/TSX through builtin:swc-loader, CSS, and static assets. */
export function moduleRules() {
  return [
    {
      test: /\.[cm]?tsx?$/,
      exclude: /node_modules/,
      loader: 'builtin:swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          // Always the production JSX runtime (`react/jsx-runtime`), development builds too: it
          // is the one the shell shares. A remote on its dev server loaded into the store (the
          // dev override) would otherwise bring `react/jsx-dev-runtime`, which the shell does not
          // provide and which crashes on the store's production React ("getOwner is not a
          // function"). e2e/tests/platform-dev.spec.ts loads such a remote.
          transform: { react: { runtime: 'automatic', development: false } },
        },
        env: { targets: [...BROWSER_TARGETS] },
      },
      type: 'javascript/auto',
    },
    { test: /\.css$/i, type: 'css/auto' },
    { test: /\.(png|jpe?g|gif|webp|avif|svg|woff2?)$/i, type: 'asset' },
  ];
}

/**
 * date-fns' `format` falls back to its default locale, en-US, which every build would then carry
 * (≈ 2.5 KB gzip of English month names and parsers on the first load) although the storefront
 * only ever formats in Spanish (shared/src/format.ts passes `es`). The default is swapped for
 * `es` at build time; `format` with an explicit locale is unchanged.
 */
export const ES_DEFAULT_LOCALE = new URL('../../shared/src/date-fns-default-locale.ts', import.meta.url).pathname;

/** The rspack plugin that makes date-fns' default locale Spanish (see ES_DEFAULT_LOCALE). */
export function spanishDateFnsDefault(rspack) {
  return new rspack.NormalModuleReplacementPlugin(/^\.\/_lib\/defaultLocale\.js$/, ES_DEFAULT_LOCALE);
}
