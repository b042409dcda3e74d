import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The build injects these (platform/build/remote-config.mjs); tests get fixed values.
  define: { __REMOTE_NAME__: JSON.stringify('catalog'), __REMOTE_VERSION__: JSON.stringify('0.0.0-test') },
  test: { environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'] },
});
