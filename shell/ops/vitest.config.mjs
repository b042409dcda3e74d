import path from 'node:path';
import { defineConfig } from 'vitest/config';

// The ops commands, run as child processes against a temp origin. Plain Node, no jsdom.
export default defineConfig({
  test: {
    root: path.resolve(import.meta.dirname, '..', '..'),
    // (shared/build's tests run with the shared package's own vitest.)
    include: ['shell/ops/**/*.test.mjs'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
