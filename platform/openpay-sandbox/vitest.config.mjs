import { defineConfig } from 'vitest/config';

// The Openpay sandbox alone (its own config, so platform/vitest.config.mjs is not picked up).
export default defineConfig({
  test: { root: import.meta.dirname, include: ['test/**/*.test.ts'], environment: 'node' },
});
