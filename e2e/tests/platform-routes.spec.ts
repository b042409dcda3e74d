import { createVerifiedBuyer, signInAs } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { slot, expectRemoteRendered } from '../support/platform';

// The platform frame: every route → its remote slot or shell page, 404, one React / router /
// @taquilla/shared across remotes, and the session check. Remote *screens* have their own specs.

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
    test(`/perfil/${section} renders account when logged in`, async ({ page, api }) => {
      // A real session: account calls the API on every section, and a mocked token would get
      // a 401 there that closes the session.
      await signInAs(page, await createVerifiedBuyer(api));
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

  test('an unknown path shows the 404 page and Go Back returns to the previous page', async ({ page, baseURL }) => {
    await page.goto('/legales/aviso_de_privacidad');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // As when a link on our privacy page led here.
    await page.goto('/esto/no/existe', { referer: `${baseURL}/legales/aviso_de_privacidad` });
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/legales\/aviso_de_privacidad$/);
  });

  test('on a direct visit, Go Back stays in the shop (home), and the 404 links home', async ({ page }) => {
    await page.goto('/esto/tampoco/existe');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/eventos');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/eventos$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Próximos eventos' })).toBeVisible();
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
  await slot(page, 'seating').getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: 'Eventos', exact: true }).click();
  await expectRemoteRendered(page, 'catalog');

  const report = await page.evaluate(async () => {
    // The shell's share scope (window.__TAQUILLA_FEDERATION__, see shell/src/federation/host.ts):
    // package → version → the copy registered for it, whether a consumer took it, and by whom.
    // A package shared tree-shaken (react-router-dom) keeps that state under `treeShaking`.
    type Use = { loaded?: boolean; useIn: string[] };
    type Entry = Use & { from: string; treeShaking?: Use };
    const federation = (window as unknown as { __TAQUILLA_FEDERATION__: { shareScope(): Promise<Record<string, Record<string, Entry>>> } })
      .__TAQUILLA_FEDERATION__;
    const scope = await federation.shareScope();
    const loaded: Record<string, Set<string>> = {};
    const users: Record<string, Set<string>> = {};
    for (const [pkg, versions] of Object.entries(scope)) {
      for (const [version, entry] of Object.entries(versions)) {
        if (!entry.loaded && !entry.treeShaking?.loaded) continue;
        (loaded[pkg] ??= new Set()).add(`${version}@${entry.from}`);
        for (const user of [...entry.useIn, ...(entry.treeShaking?.useIn ?? [])]) (users[pkg] ??= new Set()).add(user);
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
  // Checkout's seat-page panel needs no router, so checkout is a user of react, not of react-router-dom.
  expect(report.users['react-router-dom']).toEqual(expect.arrayContaining(['catalog', 'seating', 'shell']));
  expect(report.users.react).toEqual(expect.arrayContaining(['catalog', 'checkout', 'seating', 'shell']));
  expect(report.reactDomRenderers).toBe(1);
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
