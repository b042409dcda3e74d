import { defineConfig } from 'vitest/config';

// Platform tooling: plain Node, no jsdom. Ops tests run the commands as child processes.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.test.mjs'],
    exclude: ['**/node_modules/**', 'lint/fixtures/**'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
