import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, ORIGIN_DIR, ROOT, test } from '../support/fixtures';
import { expectRemoteRendered, FALLBACK, LOADING, slot } from '../support/platform';

// Module Federation's own runtime in the shell, with Taquilla's runtime plugins: a remote built
// now (real remoteEntry.js, external runtime) joins the shell's share scope, a remote that cannot
// load ends in the fallback module after the retries, and prefetch fetches what the next page needs.

type Instance = {
  registerRemotes(remotes: { name: string; entry: string }[]): void;
  loadRemote<T>(id: string): Promise<T>;
  loadShare<T>(name: string): Promise<false | (() => T)>;
};
type Window = { __FEDERATION__: { __INSTANCES__: ({ name: string } & Instance)[] } };

test.describe('the shell runs @module-federation/enhanced', () => {
  test("a remote built now loads into it and takes the shell's React and @taquilla/shared", async ({ page }) => {
    const version = `0.0.1-probe.${Date.now()}`;
    const built = spawnSync(process.execPath, [path.join(ROOT, 'e2e', 'fixtures', 'probe-remote', 'build.mjs'), version], {
      env: { ...process.env, ORIGIN_DIR },
      encoding: 'utf8',
    });
    expect(built.status, built.stderr).toBe(0);
    try {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto('/eventos');
      await expectRemoteRendered(page, 'catalog');
      const report = await page.evaluate(async (entry) => {
        const shell = (window as unknown as Window).__FEDERATION__.__INSTANCES__.find((i) => i.name === 'shell')!;
        shell.registerRemotes([{ name: 'probe', entry }]);
        const probe = await shell.loadRemote<{ useState: unknown; bus: unknown; reactVersion: string; default: unknown }>('probe/Probe');
        const hostReact = await shell.loadShare<{ useState: unknown }>('react');
        const hostShared = await shell.loadShare<{ bus: unknown }>('@taquilla/shared');
        return {
          reactVersion: probe.reactVersion,
          sameReact: hostReact !== false && probe.useState === hostReact().useState,
          sameBus: hostShared !== false && probe.bus === hostShared().bus,
          component: typeof probe.default,
        };
      }, `/remotes/probe/${version}/mf-manifest.json`);
      expect(report).toEqual({ reactVersion: expect.stringMatching(/^19\./), sameReact: true, sameBus: true, component: 'function' });
      expect(scripts).toContain(`/remotes/probe/${version}/remoteEntry.js`);
    } finally {
      fs.rmSync(path.join(ORIGIN_DIR, 'probe'), { recursive: true, force: true });
    }
  });

  test('a remote that cannot load: the manifest is tried three times, then the fallback module', async ({ page }) => {
    const manifest = '/remotes/fantasma/1.0.0/mf-manifest.json';
    let asked = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === manifest) asked += 1;
    });
    await page.goto('/eventos');
    await expectRemoteRendered(page, 'catalog');
    const result = await page.evaluate(async (entry) => {
      const shell = (window as unknown as Window).__FEDERATION__.__INSTANCES__.find((i) => i.name === 'shell')!;
      shell.registerRemotes([{ name: 'fantasma', entry }]);
      const loaded = await shell.loadRemote<Record<string, unknown>>('fantasma/Nada');
      const onCall = (window as unknown as { __TAQUILLA_FEDERATION__: { failures(): { id: string }[] } }).__TAQUILLA_FEDERATION__;
      return { fallback: loaded?.__taquillaRemoteFallback === true, failures: onCall.failures().map((f) => f.id) };
    }, manifest);
    expect(result.fallback).toBe(true);
    expect(result.failures).toContain('fantasma/Nada');
    expect(asked).toBe(3);
  });

  test('prefetch from /eventos: opening an event downloads no new JavaScript', async ({ page }) => {
    await page.goto('/eventos');
    await expectRemoteRendered(page, 'catalog');
    // The list warms the event page's modules when idle (or on pointer over): wait until both
    // remotes' entries and their modules' files have arrived.
    const warmed = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name).pathname)
          .filter((p) => /^\/remotes\/(seating|checkout)\/.*\.js$/.test(p)),
      );
    await expect.poll(async () => (await warmed()).some((p) => p.includes('__federation_expose_EventDetail')), { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => (await warmed()).some((p) => p.includes('__federation_expose_GeneralPurchase')), { timeout: 15_000 }).toBe(true);
    await page.waitForLoadState('networkidle');
    const before = await page.evaluate(() => performance.getEntriesByType('resource').length);

    await slot(page, 'catalog')
      .getByRole('link', { name: /^Comprar boletos/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/eventos\/\d+$/);
    await expectRemoteRendered(page, 'seating');
    // checkout's GeneralPurchase renders nothing visible on a seated event: loaded, not failed.
    await expect(slot(page, 'checkout').getByText(LOADING, { exact: true })).toHaveCount(0);
    await expect(slot(page, 'checkout').getByText(FALLBACK)).toHaveCount(0);
    const downloaded = await page.evaluate(
      (from) =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .slice(from)
          .filter((e) => /\.js(?:$|\?)/.test(new URL(e.name).pathname + new URL(e.name).search) && e.transferSize > 0)
          .map((e) => new URL(e.name).pathname),
      before,
    );
    expect(downloaded).toEqual([]);
  });
});
