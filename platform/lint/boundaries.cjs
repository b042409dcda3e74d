// Import boundaries of the workspace, checked by dependency-cruiser (`pnpm lint` at the root,
// a step of `npm test`). Paths are relative to the folder the check runs from: the repo root.
//   - a remote never imports another remote (they meet through @taquilla/shared and the bus);
//   - nobody reaches into another package's src/ with a relative path: only through that
//     package's entry points, which for @taquilla/shared is its `exports` map — a subpath it
//     does not list does not resolve, and an unresolvable import is an error here too;
//   - the root entry and the typed call modules stay free of zod (runtime imports; type imports
//     are erased by the compiler and not counted): they are on the first load;
//   - a typed call module (`shared/src/api/<area>.ts`) takes the client from the package root,
//     the federation singleton, never from `./client` (shared/README.md, "Typed call modules");
//   - the API's source (api/src, what production runs) never imports the Openpay sandbox;
//   - the API's source has no import cycle, type imports included: cycles.cjs (a second pass,
//     since type imports must be counted there and not here).
const PACKAGE = '^(shell|shared|platform|api|e2e|mfe-[a-z]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-remote-to-remote',
      severity: 'error',
      comment: 'Remotes never import each other: use @taquilla/shared or the bus.',
      from: { path: '^mfe-([a-z]+)/' },
      to: { path: '^mfe-[a-z]+/', pathNot: '^mfe-$1/' },
    },
    {
      name: 'no-shell-remote-imports',
      severity: 'error',
      comment: 'The shell loads remotes at run time (federation); neither imports the other.',
      from: { path: '^shell/' },
      to: { path: '^mfe-[a-z]+/' },
    },
    {
      name: 'no-shell-remote-imports',
      severity: 'error',
      comment: 'The shell loads remotes at run time (federation); neither imports the other.',
      from: { path: '^mfe-[a-z]+/' },
      to: { path: '^shell/' },
    },
    {
      name: 'no-other-package-src',
      severity: 'error',
      comment: 'Import another package by its name and entry points, never its src/ by path.',
      from: { path: PACKAGE },
      to: { path: `${PACKAGE}src/`, pathNot: '^$1/', dependencyTypes: ['local'] },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'The import does not resolve: for @taquilla/shared, the subpath is not in its exports map.',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-zod-on-first-load',
      severity: 'error',
      comment: 'The root entry and the typed calls import only DTO types from the schemas (first-load budget).',
      from: { path: '^shared/src/(index|api/[a-z-]+)[.]ts$' },
      to: { path: 'node_modules/zod/', reachable: true },
    },
    {
      name: 'no-sandbox-in-production-api',
      severity: 'error',
      comment:
        'The Openpay sandbox is for development and tests only: api/src (what the production build bundles) never imports it; api/dev/main.ts mounts it.',
      from: { path: '^api/src/' },
      to: { path: '(^|/)(openpay-sandbox|@taquilla/openpay-sandbox)/' },
    },
    {
      name: 'typed-calls-use-root-client',
      severity: 'error',
      comment: "Import apiRequest from '@taquilla/shared' (the singleton): a relative import gives each remote its own client.",
      from: { path: '^shared/src/api/[a-z-]+[.]ts$', pathNot: '^shared/src/api/client[.]ts$' },
      to: { path: '^shared/src/api/client[.]ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: false,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.d.ts'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
