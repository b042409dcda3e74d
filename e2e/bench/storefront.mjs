// What the browser benchmarks share: the built shell + remotes published to a temp origin,
// the real API + storefront on a fresh PGlite, and a headless Chromium.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];

/**
 * Starts everything on `port`; answers the base URL, the browser, `launchBrowser(extraArgs)`,
 * the API key and `close()`.
 * Exits with a Spanish hint when the shell was not built.
 */
export async function startStorefront({ port, tag, apiKey = 'taquilla-bench-key', env = {} }) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `taquilla-${tag}-`));
  process.env.ORIGIN_DIR = path.join(tmp, 'origin');
  const { REMOTE_NAMES, packageVersion, publish, startServer } = await import('../../platform/ops/lib.mjs');
  const require = createRequire(path.join(ROOT, 'e2e', 'package.json'));
  const playwright = await import(pathToFileURL(require.resolve('@playwright/test')).href);
  const chromium = playwright.chromium ?? playwright.default.chromium;

  if (!fs.existsSync(path.join(ROOT, 'shell', 'dist', 'index.html'))) {
    console.error('✖ Falta shell/dist: compila primero (pnpm --filter @taquilla/shell --filter "./mfe-*" build).');
    process.exit(1);
  }
  for (const remote of REMOTE_NAMES) await publish(remote, packageVersion(remote));

  console.log('▶ iniciando API + storefront (PGlite nuevo)…');
  const { child, base } = await startServer({
    port,
    env: { PGLITE_DIR: path.join(tmp, 'pglite'), LOG_LEVEL: 'warn', HOST: '127.0.0.1', DATABASE_URL: '', API_KEY: apiKey, ...env },
    stdio: 'ignore',
  });
  process.once('exit', () => child.kill('SIGTERM'));
  const launch = (extraArgs = []) =>
    chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        ...extraArgs,
      ],
    });
  const browser = await launch();
  return {
    base,
    browser,
    /** Another Chromium with extra flags; the caller closes it. */
    launchBrowser: launch,
    apiKey,
    async close() {
      await browser.close();
      child.kill('SIGTERM');
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
