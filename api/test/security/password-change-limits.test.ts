import { cuentaMessages } from '@taquilla/shared/messages/cuenta';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/rows';
import { signToken } from '../../src/lib/jwt';
import { openSession } from '../../src/modules/auth/sessions.repository';
import { buildTestApp, type TestApp } from '../support/app';
import { createAccount } from '../support/cuenta';
import { redisForTest } from '../support/redis';

// Issue 27, finding 7: PATCH /usuarios/update/password is limited per session and per account
// (and per IP), counted before the current password is hashed — a stolen session is no password
// oracle, and a burst of changes cannot take the hashing queue logins need.

const PASSWORD = 'Actual123';
const MUCHOS = 'Demasiados intentos. Intenta de nuevo en unos minutos.';
const opened: TestApp[] = [];
afterAll(async () => {
  for (const t of opened.reverse()) await t.close();
});

async function app(opts: Parameters<typeof buildTestApp>[0] = {}): Promise<TestApp> {
  const t = await buildTestApp(opts);
  opened.push(t);
  return t;
}

function cambiar(t: TestApp, token: string, actualPassword: string, ip: string) {
  return t.request({
    method: 'PATCH',
    url: '/api/v1/usuarios/update/password',
    headers: { authorization: `Bearer ${token}` },
    payload: { actualPassword, newPassword: 'Nueva1234' },
    remoteAddress: ip,
  });
}

/** A new session of the account, as a login opens one (without the login's own hash). */
async function login(t: TestApp, account: { id: string; email: string }): Promise<string> {
  const sessionId = await openSession(t.database.db, account.id);
  return signToken({ id: account.id, email: account.email, fullName: 'Ana Cuenta', isVerified: true }, { secret: t.app.config.jwtSecret, sessionId });
}

const hashOf = async (t: TestApp, id: string) =>
  (await queryRows<{ h: string }>(t.database.db, sql`select password_hash as h from users where id = ${id}`))[0]!.h;

async function expectWrong(t: TestApp, token: string, ip: string, times: number) {
  for (let i = 0; i < times; i++) {
    const res = await cambiar(t, token, `Mala${i}xyz1`, ip);
    expect(res.statusCode, `intento ${i + 1}`).toBe(400);
    expect(res.json().message).toBe(cuentaMessages.CURRENT_PASSWORD_WRONG);
  }
}

function expectLimited(res: Awaited<ReturnType<typeof cambiar>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json().message).toBe(MUCHOS);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(60);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
}

describe('password change attempts (finding 7), on the defaults: 5 per session, 10 per account in 15 minutes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await app();
  });

  it('after 5 wrong current passwords the session gets 429 + Retry-After, even with the right one, and nothing changes', async () => {
    const account = await createAccount(t, PASSWORD);
    const token = await login(t, account);
    const before = await hashOf(t, account.id);
    await expectWrong(t, token, '198.51.100.81', 5);
    expectLimited(await cambiar(t, token, PASSWORD, '198.51.100.81'));
    // Another address does not help: the limit is the session's.
    expectLimited(await cambiar(t, token, PASSWORD, '198.51.100.82'));
    expect(await hashOf(t, account.id)).toBe(before);
  });

  it('a different account is unaffected', async () => {
    const blocked = await createAccount(t, PASSWORD);
    const blockedToken = await login(t, blocked);
    await expectWrong(t, blockedToken, '198.51.100.83', 5);
    expectLimited(await cambiar(t, blockedToken, PASSWORD, '198.51.100.83'));

    const other = await createAccount(t, PASSWORD);
    const res = await cambiar(t, await login(t, other), PASSWORD, '198.51.100.83');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(cuentaMessages.PASSWORD_UPDATED);
  });

  it('the account’s limit holds across sessions: two sessions use it up, a third session is refused too', async () => {
    const account = await createAccount(t, PASSWORD);
    const before = await hashOf(t, account.id);
    const first = await login(t, account);
    const second = await login(t, account);
    await expectWrong(t, first, '198.51.100.84', 5);
    expectLimited(await cambiar(t, first, PASSWORD, '198.51.100.84'));
    // The owner's other session keeps its own attempts (a stolen session cannot lock the owner out)…
    await expectWrong(t, second, '198.51.100.85', 5);
    // …and the account's 10 are used: any session of it is refused, before checking anything.
    expectLimited(await cambiar(t, await login(t, account), PASSWORD, '198.51.100.86'));
    expect(await hashOf(t, account.id)).toBe(before);
  });

  it('the limit is checked before hashing: of 20 attempts sent together, at most 5 reach the password check', async () => {
    const token = await login(t, await createAccount(t, PASSWORD));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => cambiar(t, token, `Mala${i}xyz1`, '198.51.100.87')));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    expect(codes.filter((c) => c === 400)).toHaveLength(5);
  });
});

describe('per client IP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await app({ env: { PASSWORD_CHANGE_MAX_PER_IP: '4' } });
  });

  it('PASSWORD_CHANGE_MAX_PER_IP attempts per IP in the window, whatever the accounts', async () => {
    const ip = '198.51.100.88';
    for (let n = 0; n < 2; n++) await expectWrong(t, await login(t, await createAccount(t, PASSWORD)), ip, 2);
    const token = await login(t, await createAccount(t, PASSWORD));
    const refused = await cambiar(t, token, PASSWORD, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MUCHOS);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await cambiar(t, token, PASSWORD, '198.51.100.89')).statusCode).toBe(200);
  });
});

describe('with REDIS_URL, two API processes count together', () => {
  const { url, prefix } = redisForTest('password-change');
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: url, RATE_LIMIT_PREFIX: prefix, PASSWORD_CHANGE_MAX_PER_SESSION: '3', PASSWORD_CHANGE_MAX_PER_ACCOUNT: '4' };
    a = await app({ env });
    b = await app({ env, database: a.database, config: { jwtSecret: a.app.config.jwtSecret } });
  });

  it('attempts through one process count in the other, for the session and for the account', async () => {
    const account = await createAccount(a, PASSWORD);
    const first = await login(a, account);
    const second = await login(a, account);
    await expectWrong(a, first, '198.51.100.90', 3);
    // The session's 3 were used in process a: process b refuses it before checking anything.
    expectLimited(await cambiar(b, first, PASSWORD, '198.51.100.90'));
    // The account's 4th attempt, in b; the 5th, in a, is over the account's limit.
    await expectWrong(b, second, '198.51.100.90', 1);
    expectLimited(await cambiar(a, second, PASSWORD, '198.51.100.90'));
  });
});
