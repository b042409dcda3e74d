import { defineConfig } from '@playwright/test';
import { BASE_URL, E2E_PORT } from './scripts/harness.mjs';

/**
 * Real Chromium from Debian (/usr/bin/chromium) — never a downloaded browser. The server is
 * a fresh storefront per run (scripts/serve-fresh.mjs); build first (`npm test` does).
 */
export default defineConfig({
  testDir: './tests',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS || 1),
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/results.json' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node scripts/serve-fresh.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/config.json`,
    // E2E_REUSE_SERVER=1: run against a server you started yourself (node scripts/serve-fresh.mjs).
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
