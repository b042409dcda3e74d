import { defineConfig } from 'vitest/config';

// The ops commands are plain Node scripts: tested as child processes against a temp origin.
export default defineConfig({
  test: { root: import.meta.dirname, include: ['**/*.test.mjs'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 },
});
