import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ORIGIN_DIR, ROOT, expect, ops, readRegistry, test } from '../support/fixtures';

// The platform frame: routes → remote slots, 404, shared singletons, release/rollback seen by
// the browser, failure isolation and the session check. Remote *screens* have their own specs.

const FALLBACK = 'No pudimos cargar esta sección.';
const LOADING = 'Cargando…';

/** The slot the shell renders for `remote` (a labelled region with data-remote). */
const slot = (page: Page, remote: string) => page.locator(`[data-remote="${remote}"]`).first();

async function expectRemoteRendered(page: Page, remote: string) {
  const region = slot(page, remote);
  await expect(region).toBeVisible();
  await expect(region.getByText(LOADING, { exact: true })).toHaveCount(0);
  await expect(region.getByText(FALLBACK)).toHaveCount(0);
  await expect(region).not.toHaveText('');
}

async function expectFallback(page: Page, remote: string) {
  const region = slot(page, remote);
  await expect(region.getByText(FALLBACK)).toBeVisible();
  await expect(region.getByRole('button', { name: 'Reintentar' })).toBeVisible();
}

/** The frame around the slot still works: header links and the footer's legal links. */
async function expectFrameWorks(page: Page) {
  await expect(page.getByRole('link', { name: 'Iniciar sesión' }).first()).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
}

/** A fake verified session for routes behind the auth guard (the real auth flow has its own spec). */
async function withMockedSession(page: Page) {
  await page.route('**/api/v1/auth/check-status', (route) =>
    route.fulfill({
      json: { isVerified: true, token: 'e2e-token', user: { id: '1', fullName: 'Ana Prueba', email: 'ana@example.com', isVerified: true } },
    }),
  );
  await page.addInitScript(() => window.localStorage.setItem('token', 'e2e-token'));
}

function shellDistDigest(): Record<string, string> {
  const dist = path.join(ROOT, 'shell', 'dist');
  const out: Record<string, string> = {};
  for (const name of fs.readdirSync(dist).sort()) {
    const file = path.join(dist, name);
    if (fs.statSync(file).isFile()) out[name] = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  }
  return out;
}

/** Shell files (not /remotes, not /api) the page requested while loading. */
function recordShellAssets(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/\.(js|css)$/.test(url.pathname) && !url.pathname.startsWith('/remotes/')) urls.push(url.pathname);
  });
  return urls;
}

test.describe('routes', () => {
  const table: [string, string[]][] = [
    ['/eventos', ['catalog']],
    ['/eventos/informacion/1', ['catalog']],
    ['/eventos/1', ['seating']],
    ['/eventos/1/2/A', ['seating', 'checkout']],
    ['/terminar_compra/1/false/0?id=ch_1', ['checkout']],
    ['/terminar_compra_invitado/1/false/2/0?id=ch_1', ['checkout']],
    ['/auth/login', ['auth']],
    ['/auth/register', ['auth']],
    ['/auth/forgot', ['auth']],
  ];
  for (const [route, remotes] of table) {
    test(`${route} renders ${remotes.join(' + ')}`, async ({ page }) => {
      await page.goto(route);
      for (const remote of remotes) await expectRemoteRendered(page, remote);
    });
  }

  test('/ redirects to /eventos (catalog)', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/eventos$/);
    await expectRemoteRendered(page, 'catalog');
  });

  for (const section of ['mi_perfil', 'mis_formas_de_pago', 'mis_compras', 'mi_password']) {
    test(`/perfil/${section} renders account when logged in`, async ({ page }) => {
      await withMockedSession(page);
      await page.goto(`/perfil/${section}`);
      await expect(page).toHaveURL(new RegExp(`/perfil/${section}$`));
      await expectRemoteRendered(page, 'account');
    });
  }

  for (const legal of ['terminos_y_condiciones', 'aviso_de_privacidad', 'nuestras_politicas']) {
    test(`/legales/${legal} is a shell page`, async ({ page }) => {
      await page.goto(`/legales/${legal}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[data-remote]')).toHaveCount(0);
    });
  }

  test('an unknown path shows the 404 page and Go Back returns to the previous page', async ({ page }) => {
    await page.goto('/legales/aviso_de_privacidad');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/esto/no/existe');
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/legales\/aviso_de_privacidad$/);
  });
});

test('one React and one @taquilla/shared on a page that loaded three remotes', async ({ page }) => {
  // A minimal devtools hook: every react-dom copy registers its renderer here once.
  await page.addInitScript(() => {
    const renderers = new Map<number, unknown>();
    (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      renderers,
      supportsFiber: true,
      inject(renderer: unknown) {
        renderers.set(renderers.size + 1, renderer);
        return renderers.size;
      },
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    };
  });
  await page.goto('/eventos/1/2/A');
  await expectRemoteRendered(page, 'seating');
  await expectRemoteRendered(page, 'checkout');
  // Client-side navigation (no reload) to the catalog: a third remote on the same page.
  await slot(page, 'seating').getByRole('link', { name: 'Volver a eventos' }).click();
  await expectRemoteRendered(page, 'catalog');

  const report = await page.evaluate(() => {
    // A package shared tree-shaken (react-router-dom, MF `treeShaking`) records its load and
    // its users under `treeShaking` instead of on the entry itself.
    type Info = { loaded?: boolean; from: string; useIn: string[]; treeShaking?: { loaded?: boolean; useIn: string[] } };
    const federation = (window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Info>>>> } }).__FEDERATION__;
    const loaded: Record<string, Set<string>> = {};
    const users: Record<string, Set<string>> = {};
    for (const scopes of Object.values(federation.__SHARE__)) {
      for (const packages of Object.values(scopes)) {
        for (const [pkg, versions] of Object.entries(packages)) {
          for (const [version, info] of Object.entries(versions)) {
            const copy = info.loaded ? info : info.treeShaking?.loaded ? info.treeShaking : null;
            if (!copy) continue;
            (loaded[pkg] ??= new Set()).add(`${version}@${info.from}`);
            for (const user of copy.useIn) (users[pkg] ??= new Set()).add(user);
          }
        }
      }
    }
    const hook = (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__;
    return {
      loaded: Object.fromEntries(Object.entries(loaded).map(([k, v]) => [k, [...v]])),
      users: Object.fromEntries(Object.entries(users).map(([k, v]) => [k, [...v].sort()])),
      reactDomRenderers: hook.renderers.size,
    };
  });
  expect(report.loaded.react).toEqual(['19.3.1@shell']);
  expect(report.loaded['react-dom']).toHaveLength(1);
  expect(report.loaded['@taquilla/shared']).toHaveLength(1);
  expect(report.loaded['react-router-dom']).toHaveLength(1);
  expect(report.users['react-router-dom']).toEqual(expect.arrayContaining(['catalog', 'checkout', 'seating', 'shell']));
  expect(report.users.react).toEqual(expect.arrayContaining(['catalog', 'checkout', 'seating', 'shell']));
  expect(report.reactDomRenderers).toBe(1);
});

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
      await expect(slot(page, 'seating').getByText(`seating v${next}`)).toBeVisible();

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

test.describe('failure isolation', () => {
  test('origin of a remote down: fallback in its slot, the rest works, Reintentar recovers', async ({ page }) => {
    const current = readRegistry().remotes.seating!.current;
    const folder = path.join(ORIGIN_DIR, 'seating');
    const away = `${folder}.away`;
    fs.renameSync(folder, away);
    try {
      await page.goto('/eventos/1');
      await expectFallback(page, 'seating');
      await expectFrameWorks(page);
      // Other routes keep working (client-side navigation from the footer).
      await page.getByRole('contentinfo').getByRole('link', { name: /aviso de privacidad/i }).click();
      await expect(page).toHaveURL(/\/legales\/aviso_de_privacidad$/);
      await page.goBack();
      await expectFallback(page, 'seating');
    } finally {
      fs.renameSync(away, folder);
    }
    await slot(page, 'seating').getByRole('button', { name: 'Reintentar' }).click();
    await expect(slot(page, 'seating').locator(`[data-remote-version="${current}"]`)).toBeVisible();
  });

  test('manifest answering 404: fallback, other remotes fine, Reintentar recovers', async ({ page }) => {
    const current = readRegistry().remotes.checkout!.current;
    const manifest = path.join(ORIGIN_DIR, 'checkout', current, 'mf-manifest.json');
    fs.renameSync(manifest, `${manifest}.hidden`);
    try {
      await page.goto('/eventos/1/2/A');
      await expectFallback(page, 'checkout');
      await expectRemoteRendered(page, 'seating');
      await expectFrameWorks(page);
    } finally {
      fs.renameSync(`${manifest}.hidden`, manifest);
    }
    await slot(page, 'checkout').getByRole('button', { name: 'Reintentar' }).click();
    await expectRemoteRendered(page, 'checkout');
  });

  test('a remote that throws while rendering: fallback in its slot, Reintentar recovers', async ({ page }) => {
    test.setTimeout(90_000);
    const first = readRegistry().remotes.seating!.current;
    const broken = `0.0.1-throws.${Date.now()}`;
    const { spawnSync } = await import('node:child_process');
    const fixture = spawnSync(process.execPath, [path.join(ROOT, 'e2e', 'fixtures', 'throwing-seating', 'publish.mjs'), broken], {
      env: { ...process.env, ORIGIN_DIR },
      encoding: 'utf8',
    });
    expect(fixture.status, fixture.stderr).toBe(0);
    try {
      await page.addInitScript(() => {
        if (!sessionStorage.getItem('e2e:armed')) {
          sessionStorage.setItem('e2e:armed', '1');
          localStorage.setItem('e2e:throw', '1');
        }
      });
      await page.goto('/eventos/1');
      await expectFallback(page, 'seating');
      await expectFrameWorks(page);
      await page.evaluate(() => localStorage.removeItem('e2e:throw'));
      await slot(page, 'seating').getByRole('button', { name: 'Reintentar' }).click();
      await expect(slot(page, 'seating').getByText('Detalle del evento (fixture recuperado)')).toBeVisible();
    } finally {
      const back = ops('rollback', 'seating', first);
      expect(back.code, back.err).toBe(0);
    }
  });

  test('a malformed or missing registry keeps the shell up with a clear message', async ({ page }) => {
    const file = path.join(ORIGIN_DIR, 'remotes.json');
    const good = fs.readFileSync(file, 'utf8');
    try {
      for (const broken of [() => fs.writeFileSync(file, '{ "remotes": '), () => fs.rmSync(file)]) {
        broken();
        await page.goto('/eventos');
        await expect(page.getByRole('alert').filter({ hasText: 'No pudimos cargar el catálogo de módulos del sitio.' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Iniciar sesión' }).first()).toBeVisible();
        await page.getByRole('contentinfo').getByRole('link', { name: /términos y condiciones/i }).click();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        fs.writeFileSync(file, good);
      }
    } finally {
      fs.writeFileSync(file, good);
    }
  });

  test('an unknown remote name in the registry is ignored with a console warning', async ({ page }) => {
    const file = path.join(ORIGIN_DIR, 'remotes.json');
    const good = fs.readFileSync(file, 'utf8');
    const registry = JSON.parse(good);
    registry.remotes.misterio = { current: '1.0.0', history: [{ version: '1.0.0', entry: 'misterio/1.0.0/mf-manifest.json', publishedAt: new Date().toISOString() }] };
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    fs.writeFileSync(file, JSON.stringify(registry));
    try {
      await page.goto('/eventos');
      await expectRemoteRendered(page, 'catalog');
      expect(warnings.some((w) => w.includes('misterio'))).toBe(true);
      await expect(page.getByText('No pudimos cargar el catálogo de módulos del sitio.')).toHaveCount(0);
    } finally {
      fs.writeFileSync(file, good);
    }
  });
});

test.describe('session check', () => {
  test('a stored bad token ends unauthenticated with "Se ha cerrado la sesión"; perfil/* goes to login', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('e2e:seeded')) {
        sessionStorage.setItem('e2e:seeded', '1');
        localStorage.setItem('token', 'token-que-no-es-valido');
      }
    });
    await page.goto('/eventos');
    await expect(page.getByText('Se ha cerrado la sesión')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Iniciar sesión' }).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/perfil/mis_compras');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});
