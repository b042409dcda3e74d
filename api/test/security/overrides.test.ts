import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionProblems } from '../../src/production-check';
import { buildStorefrontApp, parseCsp } from '../support/storefront';

// Finding 1 (server side): a deployment does not allow remote overrides unless it says so,
// and even then the CSP lets script come only from this machine's dev servers.
type App = Awaited<ReturnType<typeof buildStorefrontApp>>;
let plain: App;
let dev: App;
beforeAll(async () => {
  plain = await buildStorefrontApp();
  dev = await buildStorefrontApp({ allowRemoteOverrides: true });
});
afterAll(async () => {
  await plain?.close();
  await dev?.close();
});

const scriptSrc = async (app: App) =>
  parseCsp((await app.request({ url: '/eventos', headers: { accept: 'text/html' } })).headers['content-security-policy'])['script-src']!;

describe('remote overrides', () => {
  it('are off by default: /config.json says so and the CSP allows no other script origin than ours and Openpay', async () => {
    expect((await plain.request('/config.json')).json().allowRemoteOverrides).toBe(false);
    const sources = await scriptSrc(plain);
    expect(sources.filter((s) => !s.startsWith('https://') || !s.endsWith('.openpay.mx'))).toEqual(["'self'"]);
  });

  it('ALLOW_REMOTE_OVERRIDES=1 tells the shell, and the CSP adds only loopback dev servers', async () => {
    expect((await dev.request('/config.json')).json().allowRemoteOverrides).toBe(true);
    const sources = await scriptSrc(dev);
    expect(sources).toContain('http://localhost:*');
    expect(sources).toContain('http://127.0.0.1:*');
    expect(sources.join(' ')).not.toMatch(/(^|\s)(\*|https?:|http:\/\/\*)(\s|$)/);
  });

  it('production refuses to start with overrides allowed', () => {
    expect(
      productionProblems({ NODE_ENV: 'production', JWT_SECRET: 'k3Q9vXw2LmP8sTzR4yBn6HcJ1fGdA7eU', PUBLIC_URL: 'https://t.mx', ALLOW_REMOTE_OVERRIDES: '1' }),
    ).toHaveLength(1);
  });
});
