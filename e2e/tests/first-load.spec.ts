import { expect, test } from '../support/fixtures';

// A buyer's first visit: every request the page makes succeeds and nothing is logged as an
// error (a missing favicon, a stale chunk or a failing call shows up here first).
test('the first load of /eventos has no failed request and no console error', async ({ page }) => {
  const failed: string[] = [];
  const errors: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => failed.push(`${request.failure()?.errorText ?? 'failed'} ${request.url()}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.goto('/eventos');
  await expect(page.getByRole('heading', { name: 'Próximos eventos' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(failed).toEqual([]);
  expect(errors).toEqual([]);
  // The tab shows the brand icon (served inline, so it can never 404).
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml,/);
});
