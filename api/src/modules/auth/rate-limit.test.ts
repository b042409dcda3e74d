import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRateLimitStore, RateLimiter, RedisRateLimitStore } from './rate-limit';
import { call, GOOD_PASSWORD, openTestApp, uniqueEmail } from './testing/test-app';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const TOO_MANY = 'Demasiados intentos. Intenta de nuevo en unos minutos.';
const LIMITS = { LOGIN_MAX_PER_EMAIL: '3', LOGIN_MAX_PER_IP: '6', REGISTER_MAX_PER_IP: '4' };

let registrations = 0;
async function register(app: FastifyInstance, email: string) {
  // A fresh client address per account: the per-IP registration limit has its own test.
  registrations += 1;
  const res = await call(app, 'POST', '/auth/register', { fullName: 'Ana', email, password: GOOD_PASSWORD }, { ip: `10.9.${registrations}.1` });
  expect(res.status).toBe(201);
}

const login = (app: FastifyInstance, email: string, password: string, ip: string) =>
  call(app, 'POST', '/auth/login', { email, password }, { ip });

describe('rate-limit stores', () => {
  it('memory: counts per key within a window, then starts over', async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore());
    const rule = { max: 2, windowMs: 80 };
    expect((await limiter.allow([{ key: 'k', rule }])).allowed).toBe(true);
    expect((await limiter.allow([{ key: 'k', rule }])).allowed).toBe(true);
    const third = await limiter.allow([{ key: 'k', rule }]);
    expect(third.allowed).toBe(false);
    expect(third.retryAfterMs).toBeGreaterThan(0);
    expect((await limiter.allow([{ key: 'otra', rule }])).allowed).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect((await limiter.allow([{ key: 'k', rule }])).allowed).toBe(true);
  });

  it('redis: two stores (two processes) share one counter', async () => {
    const prefix = `taquilla:test:${Date.now()}:${Math.random()}:`;
    const a = new RedisRateLimitStore(REDIS_URL, prefix);
    const b = new RedisRateLimitStore(REDIS_URL, prefix);
    try {
      const rule = { max: 3, windowMs: 60_000 };
      const results = [];
      for (const store of [a, b, a, b]) results.push((await new RateLimiter(store).allow([{ key: 'x', rule }])).allowed);
      expect(results).toEqual([true, true, true, false]);
      await a.reset('x');
      expect((await new RateLimiter(b).allow([{ key: 'x', rule }])).allowed).toBe(true);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('redis down: falls back to counting in process instead of failing logins', async () => {
    const errors: unknown[] = [];
    const store = new RedisRateLimitStore('redis://127.0.0.1:1', 'x:', (err) => errors.push(err));
    try {
      const limiter = new RateLimiter(store);
      const rule = { max: 1, windowMs: 60_000 };
      expect((await limiter.allow([{ key: 'k', rule }])).allowed).toBe(true);
      expect((await limiter.allow([{ key: 'k', rule }])).allowed).toBe(false);
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      await store.close();
    }
  });
});

describe('login rate limit, in process', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await openTestApp(LIMITS));
  }, 120_000);
  afterAll(() => close());

  it('per e-mail: after 3 attempts even the right password gets 429, from any IP', async () => {
    const email = uniqueEmail();
    await register(app, email);
    for (let i = 0; i < 3; i++) expect((await login(app, email, 'Mala123', `10.0.0.${i + 1}`)).status).toBe(401);
    const blocked = await login(app, email, GOOD_PASSWORD, '10.0.0.9');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(TOO_MANY);
  });

  it('a success clears the address counter', async () => {
    const email = uniqueEmail();
    await register(app, email);
    expect((await login(app, email, 'Mala123', '10.0.1.1')).status).toBe(401);
    expect((await login(app, email, 'Mala123', '10.0.1.1')).status).toBe(401);
    expect((await login(app, email, GOOD_PASSWORD, '10.0.1.1')).status).toBe(200);
    expect((await login(app, email, 'Mala123', '10.0.1.2')).status).toBe(401);
    expect((await login(app, email, 'Mala123', '10.0.1.2')).status).toBe(401);
    expect((await login(app, email, GOOD_PASSWORD, '10.0.1.2')).status).toBe(200);
  });

  it('per client IP: one client trying many addresses is stopped', async () => {
    const ip = '10.0.2.1';
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await login(app, uniqueEmail('x'), 'Mala123', ip)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    // Another client is not affected.
    expect((await login(app, uniqueEmail('x'), 'Mala123', '10.0.2.2')).status).toBe(401);
  });

  it('a client cannot dodge its per-IP limit with a forged X-Forwarded-For (TRUST_PROXY off)', async () => {
    const statuses = [];
    for (let i = 0; i < 7; i++) {
      const forged = { 'x-forwarded-for': `203.0.113.${i + 1}` };
      statuses.push((await call(app, 'POST', '/auth/login', { email: uniqueEmail('f'), password: 'Mala123' }, { ip: '10.0.4.1', headers: forged })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
  });

  it('registrations per client IP are limited too (each one costs a memory-hard hash)', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await call(app, 'POST', '/auth/register', { fullName: 'Ana', email: uniqueEmail('r'), password: GOOD_PASSWORD }, { ip: '10.0.3.1' })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
  });
});

describe('login rate limit, shared in Redis by two API processes', () => {
  let one: Awaited<ReturnType<typeof openTestApp>>;
  let two: Awaited<ReturnType<typeof openTestApp>>;
  const prefix = `taquilla:test:${Date.now()}:${Math.random().toString(36).slice(2)}:`;

  beforeAll(async () => {
    const env = { ...LIMITS, REDIS_URL, RATE_LIMIT_PREFIX: prefix };
    one = await openTestApp(env);
    two = await openTestApp(env);
  }, 180_000);
  afterAll(async () => {
    await one.close();
    await two.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('attempts spread over both instances add up to one limit', async () => {
    const email = uniqueEmail();
    // Each instance has its own database here; the account exists in both, the counter in Redis.
    await register(one.app, email);
    await register(two.app, email);
    expect((await login(one.app, email, 'Mala123', '10.1.0.1')).status).toBe(401);
    expect((await login(two.app, email, 'Mala123', '10.1.0.2')).status).toBe(401);
    expect((await login(one.app, email, 'Mala123', '10.1.0.3')).status).toBe(401);
    const blocked = await login(two.app, email, GOOD_PASSWORD, '10.1.0.4');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(TOO_MANY);
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`${prefix}*`);
      expect(keys.some((k) => k.includes('login:email:'))).toBe(true);
      // No raw address in Redis keys.
      expect(keys.some((k) => k.includes('@'))).toBe(false);
    } finally {
      redis.disconnect();
    }
  });
});
