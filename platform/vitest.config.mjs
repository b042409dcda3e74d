import { defineConfig } from 'vitest/config';

// Platform tooling: plain Node, no jsdom. Ops tests run the commands as child processes.
// `*.pg.test.mjs` need a PostgreSQL server (a bucket origin keeps its registry there): collected
// when TEST_DATABASE_URL names one, as the API's PostgreSQL suite is (`npm test` in CI sets it).
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.test.mjs'],
    exclude: ['**/node_modules/**', 'lint/fixtures/**', ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.mjs'])],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
