import { defineConfig } from 'vitest/config';

/**
 * `pnpm test` → PGlite; `pnpm test:pg` (TEST_DB=pg) → PostgreSQL at TEST_DATABASE_URL.
 * Both build a migrated + seeded template once (test/global-setup.ts) and give every test
 * file its own copy. `*.pg.test.ts` need the PostgreSQL server itself (several API processes
 * on one database; PGlite is one process by design), so only the PostgreSQL run collects them.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: process.env.TEST_DB === 'pg' ? [] : ['**/*.pg.test.ts', '**/node_modules/**'],
    globalSetup: ['test/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
});
