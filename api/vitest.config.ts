import { defineConfig } from 'vitest/config';

/**
 * `pnpm test` → PGlite; `pnpm test:pg` (TEST_DB=pg) → PostgreSQL at TEST_DATABASE_URL.
 * Both build a migrated + seeded template once (test/global-setup.ts) and give every test
 * file its own copy.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
});
