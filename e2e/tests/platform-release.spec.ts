import fs from 'node:fs';
import path from 'node:path';
import { expect, ops, ORIGIN_DIR, readRegistry, test } from '../support/fixtures';
import { slot, expectRemoteRendered, shellDistDigest, recordShellAssets } from '../support/platform';

// Independent delivery seen by the browser: release, rollback and the dev override change what
// loads on the next page load, never the shell bundle.

test.describe('independent release and rollback', () => {
  test('a second version of seating is live on reload; rollback brings the first back; the shell is untouched', async ({ page }) => {
    test.setTimeout(120_000);
    const shellBefore = shellDistDigest();
    const first = readRegistry().remotes.seating?.current;
    expect(first).toBeTruthy();
    const next = `${first}-e2e.${Date.now()}`;
    const assets = recordShellAssets(page);

    await page.goto('/eventos/1');
    await expect(slot(page, 'seating').locator(`[data-remote-version="${first}"]`)).toBeVisible();
    const shellAssetsFirst = [...assets];

    const release = ops('release', 'seating', '--version', next);
    expect(release.code, release.err).toBe(0);
    try {
      await page.reload();
      await expect(slot(page, 'seating').locator(`[data-remote-version="${next}"]`)).toBeVisible();

      const rollback = ops('rollback', 'seating', first!);
      expect(rollback.code, rollback.err).toBe(0);
      expect(rollback.out).toContain(`${next} → ${first}`);
      await page.reload();
      await expect(slot(page, 'seating').locator(`[data-remote-version="${first}"]`)).toBeVisible();
    } finally {
      if (readRegistry().remotes.seating?.current !== first) ops('rollback', 'seating', first!);
    }

    // Both versions stay on the origin (immutable), and the shell never changed.
    expect(fs.existsSync(path.join(ORIGIN_DIR, 'seating', next, 'mf-manifest.json'))).toBe(true);
    expect(fs.existsSync(path.join(ORIGIN_DIR, 'seating', first!, 'mf-manifest.json'))).toBe(true);
    expect(shellDistDigest()).toEqual(shellBefore);
    const perLoad = shellAssetsFirst.length;
    expect(perLoad).toBeGreaterThan(0);
    expect(new Set(assets)).toEqual(new Set(shellAssetsFirst));
  });

  test('dev override: one remote from another origin (CORS), the rest from the registry', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const first = readRegistry().remotes.seating!.current;
    const dev = `${first}-dev.${Date.now()}`;
    const release = ops('release', 'seating', '--version', dev);
    expect(release.code, release.err).toBe(0);
    expect(ops('rollback', 'seating', first).code).toBe(0);
    // Same server under another host name = another origin: the manifest and chunks need CORS.
    const otherOrigin = baseURL!.replace('127.0.0.1', 'localhost');
    const manifest = `${otherOrigin}/remotes/seating/${dev}/mf-manifest.json`;
    await page.goto(`/eventos/1/2/A?remote:seating=${encodeURIComponent(manifest)}`);
    await expect(slot(page, 'seating').locator(`[data-remote-version="${dev}"]`)).toBeVisible();
    await expectRemoteRendered(page, 'checkout');
    expect(page.url()).not.toContain('remote:seating');
    // Persisted until cleared; clearing brings the registry's version back.
    await page.reload();
    await expect(slot(page, 'seating').locator(`[data-remote-version="${dev}"]`)).toBeVisible();
    await page.goto('/eventos/1?remote:seating=');
    await expect(slot(page, 'seating').locator(`[data-remote-version="${first}"]`)).toBeVisible();
  });
});
