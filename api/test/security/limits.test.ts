import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, hashingLoad } from '../../src/modules/auth/auth.password';
import { call, GOOD_PASSWORD, lastMail, register, uniqueEmail } from '../support/auth';
import { appsPerFile, TEST_API_KEY } from '../support/app';
import { redisForTest } from '../support/redis';

// Findings 5, 6 and 10: passwords hashes cannot be used to exhaust the server, limits are the
// maintained library's (Redis across processes), and nobody can lock an owner out.
const appWith = appsPerFile();
function expectRetryAfter(res: { headers: Record<string, unknown> }) {
  const value = Number(res.headers['retry-after']);
  expect(value).toBeGreaterThan(0);
}

describe('reset-password is no hashing service', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith({ LINK_TOKEN_MAX_PER_IP: '1000' });
  });

  it('a bogus link is refused before any hash: 32 at once cost less than a few hashes', async () => {
    await hashPassword('calentamiento'); // warm scrypt once
    const t0 = performance.now();
    await hashPassword('medida-de-un-hash');
    const oneHash = performance.now() - t0;
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 32 }, () => call(app, 'POST', '/auth/reset-password', { token: randomBytes(32).toString('base64url'), password: 'NuevaClave9' })),
    );
    const took = performance.now() - started;
    for (const a of answers) expect(a).toMatchObject({ status: 400, body: { message: 'El enlace para restablecer la contraseña no es válido.' } });
    // Hashing first, 32 hashes on libuv's 4 threads would take ≥ 8 hashes' time.
    expect(took).toBeLessThan(Math.max(4 * oneHash, 150));
  });
});

describe('per-IP limits (@fastify/rate-limit)', () => {
  it('every limited call answers 429 with Retry-After once the IP used its share', async () => {
    const app = await appWith({ LOGIN_MAX_PER_IP: '2', REGISTER_MAX_PER_IP: '2', MAIL_MAX_PER_IP: '2', LINK_TOKEN_MAX_PER_IP: '2' });
    const ip = '198.51.100.10';
    const calls: Array<[string, unknown]> = [
      ['/auth/login', { email: uniqueEmail(), password: 'Mala1234' }],
      ['/auth/register', { fullName: 'Ana López', email: uniqueEmail(), password: GOOD_PASSWORD }],
      [`/correos/forgot-password/${uniqueEmail()}`, undefined],
      [`/correos/send-verification-email/${uniqueEmail()}`, undefined],
      ['/auth/reset-password', { token: 'x'.repeat(43), password: 'NuevaClave9' }],
      ['/auth/verify-email', { token: 'x'.repeat(43) }],
    ];
    for (const [url, payload] of calls) {
      for (let i = 0; i < 2; i += 1) expect((await call(app, 'POST', url, payload, { ip })).status).not.toBe(429);
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        payload: payload as never,
        headers: { 'x-api-key': TEST_API_KEY },
        remoteAddress: ip,
      });
      expect(res.statusCode, url).toBe(429);
      expect(res.json().message).toBe('Demasiados intentos. Intenta de nuevo en unos minutos.');
      expectRetryAfter(res);
      // Another client is not affected.
      expect((await call(app, 'POST', url, payload, { ip: '198.51.100.11' })).status).not.toBe(429);
    }
  });

  it('concurrent hashes are capped; beyond the queue a login is refused at once with 503 + Retry-After', async () => {
    const app = await appWith({ HASH_CONCURRENCY: '1', HASH_MAX_QUEUED: '3', LOGIN_MAX_PER_IP: '1000', LOGIN_MAX_PER_EMAIL: '1000' });
    await call(app, 'POST', '/auth/login', { email: uniqueEmail(), password: 'Mala1234' }); // makes the dummy hash
    let maxActive = 0;
    const sampler = setInterval(() => (maxActive = Math.max(maxActive, hashingLoad().active)), 1);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: uniqueEmail(), password: 'Mala1234' },
          headers: { 'x-api-key': TEST_API_KEY },
          remoteAddress: `203.0.113.${i + 1}`,
        }),
      ),
    );
    clearInterval(sampler);
    expect(maxActive).toBe(1);
    const busy = answers.filter((a) => a.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const a of busy) expectRetryAfter(a);
    expect(answers.filter((a) => a.statusCode === 401).length).toBeGreaterThanOrEqual(4);
  });
});

describe('nobody can lock an owner out', () => {
  it('5 wrong passwords from 5 IPs slow the account down, and the owner still gets in', async () => {
    const app = await appWith({ LOGIN_MAX_PER_EMAIL: '5', LOGIN_MAX_DELAY_MS: '500', LOGIN_MAX_PER_IP: '100' });
    const email = await register(app);
    for (let i = 0; i < 6; i += 1) {
      const res = await call(app, 'POST', '/auth/login', { email, password: 'Equivocada1' }, { ip: `192.0.2.${i + 1}` });
      expect(res.status).toBe(401);
    }
    const started = performance.now();
    const owner = await call(app, 'POST', '/auth/login', { email, password: GOOD_PASSWORD }, { ip: '192.0.2.200' });
    expect(owner.status).toBe(200);
    // Slowed, not refused: the 7th attempt on this address waited for its turn.
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
  });

  it('repeated forgot-password calls never block recovery: the last link sent works', async () => {
    const app = await appWith({ MAIL_MAX_PER_ADDRESS: '2', MAIL_MAX_PER_IP: '100' });
    const email = await register(app);
    for (let i = 0; i < 5; i += 1) {
      expect((await call(app, 'POST', `/correos/forgot-password/${email}`, undefined, { ip: `192.0.2.${i + 1}` })).status).toBe(200);
    }
    // The owner asks too: same answer (no 429), and the newest link in the inbox resets.
    expect((await call(app, 'POST', `/correos/forgot-password/${email}`, undefined, { ip: '192.0.2.99' })).status).toBe(200);
    const mail = (await lastMail(app, email))!;
    expect((await call(app, 'POST', '/auth/reset-password', { token: mail.token, password: 'NuevaClave9' })).status).toBe(200);
    expect((await call(app, 'POST', '/auth/login', { email, password: 'NuevaClave9' })).status).toBe(200);
  });
});

describe('with Redis (REDIS_URL): one limit across API processes', () => {
  const { url, prefix, redis } = redisForTest('auth');

  it('two processes share the per-IP count; a blocked IP creates no per-account keys', async () => {
    const env = { REDIS_URL: url, RATE_LIMIT_PREFIX: prefix, LOGIN_MAX_PER_IP: '3' };
    const [a, b] = [await appWith(env), await appWith(env)];
    const ip = '198.51.100.77';
    const login = (app: FastifyInstance) => call(app, 'POST', '/auth/login', { email: uniqueEmail(), password: 'Mala1234' }, { ip });
    expect((await login(a)).status).toBe(401);
    expect((await login(b)).status).toBe(401);
    expect((await login(a)).status).toBe(401);
    const keysBefore = (await redis.keys(`${prefix}*`)).length;
    expect((await login(b)).status).toBe(429);
    expect((await login(a)).status).toBe(429);
    expect((await redis.keys(`${prefix}*`)).length).toBe(keysBefore);
  });
});
