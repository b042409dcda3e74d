// Helpers of the platform specs (e2e/tests/platform-*.spec.ts): the shell's remote slots,
// its fallback, a mocked session for guarded routes, and the shell build's fingerprint.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ORIGIN_DIR, ROOT, expect, ops, readRegistry } from './fixtures';

export const FALLBACK = 'No pudimos cargar esta sección.';
export const LOADING = 'Cargando…';

/** The slot the shell renders for `remote` (a labelled region with data-remote). */
export const slot = (page: Page, remote: string) => page.locator(`[data-remote="${remote}"]`).first();

export async function expectRemoteRendered(page: Page, remote: string) {
  const region = slot(page, remote);
  await expect(region).toBeVisible();
  await expect(region.getByText(LOADING, { exact: true })).toHaveCount(0);
  await expect(region.getByText(FALLBACK)).toHaveCount(0);
  await expect(region).not.toHaveText('');
}

/** The shell's confirmation before a link's override loads foreign code: check what it names, accept. */
export async function confirmOverride(page: Page, url: string) {
  const dialog = page.getByRole('dialog', { name: '¿Cargar código de otro origen?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(url);
  await dialog.getByRole('button', { name: 'Cargar' }).click();
  await expect(dialog).toHaveCount(0);
}

export async function expectFallback(page: Page, remote: string) {
  const region = slot(page, remote);
  await expect(region.getByText(FALLBACK)).toBeVisible();
  await expect(region.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  // Every fallback leaves a way back to the shop.
  await expect(region.getByRole('link', { name: 'Volver a eventos' })).toHaveAttribute('href', '/eventos');
}

/** The frame around the slot still works: header links and the footer's legal links. */
export async function expectFrameWorks(page: Page) {
  await expect(page.getByRole('link', { name: 'Iniciar sesión' }).first()).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
}

/** A fake verified session for routes behind the auth guard (the real auth flow has its own spec). */
export async function withMockedSession(page: Page) {
  await page.route('**/api/v1/auth/check-status', (route) =>
    route.fulfill({
      json: { isVerified: true, token: 'e2e-token', user: { id: '1', fullName: 'Ana Prueba', email: 'ana@example.com', isVerified: true } },
    }),
  );
  await page.addInitScript(() => window.localStorage.setItem('token', 'e2e-token'));
}

export function shellDistDigest(): Record<string, string> {
  const dist = path.join(ROOT, 'shell', 'dist');
  const out: Record<string, string> = {};
  for (const name of fs.readdirSync(dist).sort()) {
    const file = path.join(dist, name);
    if (fs.statSync(file).isFile()) out[name] = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  }
  return out;
}

/** Shell files (not /remotes, not /api) the page requested while loading. */
export function recordShellAssets(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/\.(js|css)$/.test(url.pathname) && !url.pathname.startsWith('/remotes/')) urls.push(url.pathname);
  });
  return urls;
}

/**
 * Releases the fixture seating that throws while rendering (e2e/fixtures/throwing-seating) as a
 * version named `<prefix>.<now>`, runs `body` with that version, and rolls seating back to what
 * was live before, whatever happened.
 */
export async function withThrowingSeating(prefix: string, body: (version: string) => Promise<void>): Promise<void> {
  const { spawnSync } = await import('node:child_process');
  const first = readRegistry().remotes.seating!.current;
  const broken = `${prefix}.${Date.now()}`;
  const fixture = spawnSync(process.execPath, [path.join(ROOT, 'e2e', 'fixtures', 'throwing-seating', 'publish.mjs'), broken], {
    env: { ...process.env, ORIGIN_DIR },
    encoding: 'utf8',
  });
  expect(fixture.status, fixture.stderr).toBe(0);
  try {
    await body(broken);
  } finally {
    const back = ops('rollback', 'seating', first);
    expect(back.code, back.err).toBe(0);
  }
}
