import type { FastifyInstance } from 'fastify';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_API_KEY, type TestApp } from '../support/app';
import { call, GOOD_PASSWORD, lastMail, uniqueEmail } from '../support/auth';

// Finding 7: session tokens — no secret from the source, `exp` required, no future `iat`,
// a maximum session age, server-side logout, never a 500 for an odd `sub`.
let app: FastifyInstance;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ app, close } = await buildTestApp({ env: { LOGIN_MAX_PER_IP: '500', REGISTER_MAX_PER_IP: '500' } }));
});
afterAll(async () => close());

const now = () => Math.floor(Date.now() / 1000);

async function signIn(email = uniqueEmail()) {
  const res = await call(app, 'POST', '/auth/register', { fullName: 'Ana López', email, password: GOOD_PASSWORD });
  expect(res.status).toBe(201);
  const token = res.body.token as string;
  return { email, token, claims: decodeJwt(token) };
}

/** A token with the real secret and the given claims (what an attacker who had it could make). */
function forge(claims: Record<string, unknown>, opts: { secret?: string; exp?: number | null; iat?: number } = {}) {
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('taquilla')
    .setIssuedAt(opts.iat ?? now());
  if (opts.exp !== null) jwt.setExpirationTime(opts.exp ?? now() + 600);
  return jwt.sign(new TextEncoder().encode(opts.secret ?? app.config.jwtSecret));
}

const status = async (token: string) => (await call(app, 'GET', '/auth/check-status', undefined, { token })).status;

describe('session tokens', () => {
  it('a genuine token works (the baseline the refusals below differ from), and no cache keeps it', async () => {
    const { token, claims } = await signIn();
    expect(await status(token)).toBe(200);
    const res = await app.inject({ method: 'GET', url: '/api/v1/auth/check-status', headers: { 'x-api-key': TEST_API_KEY, authorization: `Bearer ${token}` } });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(typeof claims.sid).toBe('string');
    expect(await status(await forge({ ...claims }))).toBe(200);
  });

  it('refuses a token without exp', async () => {
    const { claims } = await signIn();
    const { exp: _drop, ...rest } = claims;
    expect(await status(await forge(rest, { exp: null }))).toBe(401);
  });

  it('refuses a token issued in the future (it would survive a password reset)', async () => {
    const { claims } = await signIn();
    const tenYears = now() + 10 * 365 * 86_400;
    expect(await status(await forge({ ...claims, exp: tenYears + 600 }, { iat: tenYears, exp: tenYears + 600 }))).toBe(401);
  });

  it('a signed token whose sub is not a UUID is a 401, never a 500', async () => {
    const { claims } = await signIn();
    for (const sub of ['x', "1' or '1'='1", '\u0000', '0'.repeat(300)]) {
      const token = await forge({ ...claims, sub });
      expect(await status(token)).toBe(401);
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/auth/check-status',
        headers: { 'x-api-key': TEST_API_KEY, authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('renewal keeps the sign-in time; past the maximum session age the session is over', async () => {
    const { token, claims } = await signIn();
    const renewed = (await call(app, 'GET', '/auth/check-status', undefined, { token })).body.token as string;
    expect(decodeJwt(renewed).auth_time).toBe(claims.auth_time);
    expect(decodeJwt(renewed).sid).toBe(claims.sid);
    const thirtyOneDaysAgo = now() - 31 * 86_400;
    expect(await status(await forge({ ...claims, auth_time: thirtyOneDaysAgo }))).toBe(401);
  });

  it('logging out ends the session on the server; another session of the same buyer lives on', async () => {
    const { email, token: phone } = await signIn();
    const laptop = (await call(app, 'POST', '/auth/login', { email, password: GOOD_PASSWORD })).body.token as string;
    const out = await call(app, 'POST', '/auth/logout', undefined, { token: phone });
    expect(out).toEqual({ status: 200, body: { message: 'Sesión cerrada.' } });
    expect(await status(phone)).toBe(401);
    expect(await status(laptop)).toBe(200);
  });

  it('a password reset ends every session', async () => {
    const { email, token } = await signIn();
    await call(app, 'POST', `/correos/forgot-password/${email}`);
    const mail = (await lastMail(app, email))!;
    expect((await call(app, 'POST', '/auth/reset-password', { token: mail.token, password: 'NuevaClave9' })).status).toBe(200);
    expect(await status(token)).toBe(401);
  });
});

describe('no secret written in the source', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('without JWT_SECRET, a token signed with the old source secret is refused', async () => {
    const email = uniqueEmail();
    const reg = await t.request({ method: 'POST', url: '/api/v1/auth/register', payload: { fullName: 'Ana López', email, password: GOOD_PASSWORD } });
    expect(reg.statusCode).toBe(201);
    const claims = decodeJwt(reg.json().token as string);
    const check = (token: string) => t.request({ url: '/api/v1/auth/check-status', headers: { authorization: `Bearer ${token}` } });
    expect((await check(reg.json().token as string)).statusCode).toBe(200);
    const forged = await forge({ ...claims }, { secret: 'taquilla-dev-secret-change-me-0123456789' });
    expect((await check(forged)).statusCode).toBe(401);
  });
});
