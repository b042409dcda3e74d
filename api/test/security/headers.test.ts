import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config';
import { PAYMENT_ORIGINS } from '../../src/plugins/security-headers';
import { buildStorefrontApp, parseCsp } from '../support/storefront';

// Finding 2: the storefront sends security headers — a strict CSP that still lets checkout
// reach the payment provider, no framing, nosniff, a referrer policy.
let t: Awaited<ReturnType<typeof buildStorefrontApp>>;
beforeAll(async () => {
  t = await buildStorefrontApp({ remoteOrigins: ['https://cdn.taquilla.test'] });
});
afterAll(async () => t?.close());

const page = { accept: 'text/html' };

describe('security headers', () => {
  const common = (res: { headers: Record<string, unknown> }) => {
    const csp = parseCsp(res.headers['content-security-policy'] as string);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    return csp;
  };

  it.each([
    ['the shell page', '/eventos', page],
    ['/config.json', '/config.json', {}],
    ['a remote entry', '/remotes/catalog/1.0.0/remoteEntry.js', {}],
  ])('%s carries the storefront CSP, frame-ancestors none, nosniff and a referrer policy', async (_label, url, headers) => {
    const csp = common(await t.request({ url, headers }));
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['script-src']).toContain("'self'");
  });

  it.each([
    ['an API answer', '/api/v1/eventos/get_all'],
    ['an API 404', '/api/v1/nada'],
    ['an API error', '/api/v1/eventos/abc/detalle'],
  ])('%s (JSON, never a document) lets nothing load or frame it', async (_label, url) => {
    const res = await t.request({ url });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(common(res)).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
  });

  it('scripts only from our origin, the configured remote origin and the payment provider; nothing inline', async () => {
    const res = await t.request({ url: '/eventos', headers: page });
    const csp = parseCsp(res.headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'", 'https://cdn.taquilla.test', ...PAYMENT_ORIGINS]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    for (const directive of ['script-src', 'style-src', 'default-src']) {
      expect(csp[directive]!.join(' ')).not.toMatch(/unsafe-inline|unsafe-eval|\*(?!\.)|https?:$/);
    }
  });

  it('leaves room for Openpay: its script, its API and its device-data frame', async () => {
    const csp = parseCsp((await t.request({ url: '/eventos', headers: page })).headers['content-security-policy']);
    for (const origin of ['https://js.openpay.mx', 'https://resources.openpay.mx']) {
      expect(csp['script-src']).toContain(origin);
      expect(csp['frame-src']).toContain(origin);
    }
    expect(csp['connect-src']).toContain('https://sandbox-api.openpay.mx');
    expect(csp['connect-src']).toContain('https://api.openpay.mx');
  });

  it('the shell page has no inline script or style for the CSP to block', () => {
    const html = fs.readFileSync(path.join(REPO_ROOT, 'shell', 'public', 'index.html'), 'utf8');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
    expect(html).not.toMatch(/<style[\s>]/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });

  it('HSTS only in production (a local http copy must not pin HTTPS)', async () => {
    const res = await t.request('/config.json');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('security headers in production', () => {
  let prod: Awaited<ReturnType<typeof buildStorefrontApp>>;
  beforeAll(async () => {
    prod = await buildStorefrontApp({ production: true });
  });
  afterAll(async () => prod?.close());

  it('every answer pins HTTPS; only the storefront policy upgrades its subresources', async () => {
    const shell = await prod.request({ url: '/eventos', headers: page });
    const api = await prod.request('/api/v1/eventos/get_all');
    for (const res of [shell, api]) expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(parseCsp(shell.headers['content-security-policy'])).toHaveProperty('upgrade-insecure-requests');
    expect(parseCsp(api.headers['content-security-policy'])).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
  });
});

describe('/config.json', () => {
  it('never echoes a foreign Host as the public URL', async () => {
    const res = await t.request({ url: '/config.json', headers: { host: 'attacker.example' } });
    expect(res.json().publicUrl).not.toContain('attacker.example');
    const local = await t.request({ url: '/config.json', headers: { host: '127.0.0.1:3000' } });
    expect(local.json().publicUrl).toBe('http://127.0.0.1:3000');
  });
});
