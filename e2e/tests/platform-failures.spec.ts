import fs from 'node:fs';
import path from 'node:path';
import { expect, ORIGIN_DIR, readRegistry, test } from '../support/fixtures';
import { slot, expectRemoteRendered, expectFallback, expectFrameWorks, withThrowingSeating } from '../support/platform';

// Failure isolation: a remote that cannot load or throws shows its fallback in its own slot,
// the rest of the page keeps working, and Reintentar recovers once it is back.

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
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: /aviso de privacidad/i })
        .click();
      await expect(page).toHaveURL(/\/legales\/aviso_de_privacidad$/);
      await page.goBack();
      await expectFallback(page, 'seating');
    } finally {
      fs.renameSync(away, folder);
    }
    await slot(page, 'seating').getByRole('button', { name: 'Reintentar' }).click();
    await expect(slot(page, 'seating').locator(`[data-remote-version="${current}"]`)).toBeVisible();
  });

  test('auth remote down: /auth/login offers Reintentar and a way back to the events', async ({ page }) => {
    const folder = path.join(ORIGIN_DIR, 'auth');
    const away = `${folder}.away`;
    fs.renameSync(folder, away);
    try {
      await page.goto('/auth/login');
      await expectFallback(page, 'auth');
      await slot(page, 'auth').getByRole('link', { name: 'Volver a eventos' }).click();
      await expect(page).toHaveURL(/\/eventos$/);
      await expectRemoteRendered(page, 'catalog');
    } finally {
      fs.renameSync(away, folder);
    }
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
    await withThrowingSeating('0.0.1-throws', async () => {
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
    });
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
        await page
          .getByRole('contentinfo')
          .getByRole('link', { name: /términos y condiciones/i })
          .click();
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
    registry.remotes.misterio = {
      current: '1.0.0',
      history: [{ version: '1.0.0', entry: 'misterio/1.0.0/mf-manifest.json', publishedAt: new Date().toISOString() }],
    };
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
