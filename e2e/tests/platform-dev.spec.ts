import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BASE_URL, ROOT, expect, test } from '../support/fixtures';
import { confirmOverride, slot } from '../support/platform';

// Development as a remote team works: `pnpm dev` in mfe-catalog (platform/build/dev-server.mjs,
// a development build in watch mode). Its standalone page must run, and the store must take
// it through the dev override while every other remote comes from the registry. (Production
// builds are what every other spec loads; development builds differ in optimisation, and
// once crashed at start-up with "undefined is not a function" in the MF runtime.)

const DEV_PORT = Number(new URL(BASE_URL).port) + 60;
const DEV_ORIGIN = `http://localhost:${DEV_PORT}`;
let devServer: ChildProcess | undefined;
let devLog = '';

async function waitForBuild(timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (devServer?.exitCode != null) throw new Error(`el servidor de desarrollo terminó:\n${devLog}`);
    try {
      const manifest = await fetch(`${DEV_ORIGIN}/mf-manifest.json`);
      const entry = await fetch(`${DEV_ORIGIN}/remoteEntry.js`);
      const page = await fetch(`${DEV_ORIGIN}/index.html`);
      if (manifest.ok && entry.ok && page.ok && (await entry.text()).length > 0) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`el servidor de desarrollo no compiló a tiempo:\n${devLog}`);
}

test.describe('a remote on its development server (pnpm dev)', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    // A previous run's output would pass for this build until `clean` wipes it mid-build.
    fs.rmSync(path.join(ROOT, 'mfe-catalog', 'node_modules', '.cache', 'taquilla-dev'), { recursive: true, force: true });
    devServer = spawn(process.execPath, [path.join(ROOT, 'platform', 'build', 'dev-server.mjs')], {
      cwd: path.join(ROOT, 'mfe-catalog'),
      env: { ...process.env, NODE_ENV: 'development', PORT: String(DEV_PORT), API_URL: BASE_URL },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    devServer.stdout?.on('data', (chunk) => (devLog += String(chunk)));
    devServer.stderr?.on('data', (chunk) => (devLog += String(chunk)));
    await waitForBuild(120_000);
  });

  test.afterAll(() => {
    devServer?.kill('SIGTERM');
  });

  test('its standalone page runs the remote against the API, with no page error', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${DEV_ORIGIN}/eventos`);
    await expect(page.getByRole('navigation', { name: 'Rutas del remoto catalog' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Próximos eventos' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the store loads it through the override; the other remotes stay on the registry', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const fromDevServer = page.waitForResponse((response) => response.url() === `${DEV_ORIGIN}/remoteEntry.js` && response.ok());
    await page.goto(`/eventos?remote:catalog=${encodeURIComponent(`${DEV_ORIGIN}/mf-manifest.json`)}`);
    await confirmOverride(page, `${DEV_ORIGIN}/mf-manifest.json`);
    await fromDevServer;
    await expect(page.getByRole('complementary', { name: 'Overrides de desarrollo activos' })).toContainText('catalog');
    await expect(slot(page, 'catalog').getByRole('heading', { level: 2, name: 'Próximos eventos' })).toBeVisible();

    // Another remote on the same page load still comes from the registry's origin.
    const fromRegistry = page.waitForResponse((response) => /\/remotes\/auth\/[^/]+\/remoteEntry\.js$/.test(response.url()));
    await page.getByRole('link', { name: 'Iniciar sesión' }).first().click();
    expect(new URL((await fromRegistry).url()).origin).toBe(new URL(BASE_URL).origin);
    await expect(slot(page, 'auth')).toBeVisible();

    await page.goto('/eventos?remote:catalog=');
    await expect(page.getByRole('complementary', { name: 'Overrides de desarrollo activos' })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
