// The API's source has no import cycle, type-only imports included (a cycle hides which module
// owns what: api/README.md "How a module is wired"). The second pass of `pnpm lint`
// (check-boundaries.mjs); its own file because boundaries.cjs leaves type imports out.
const base = require('./boundaries.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-api-cycle',
      severity: 'error',
      comment: 'An import cycle in the API: move the piece both sides need (a type, a constant) to a file of its own.',
      from: { path: '^api/src/' },
      to: { circular: true },
    },
  ],
  options: { ...base.options, tsPreCompilationDeps: true },
};
