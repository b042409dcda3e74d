import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { buildTestApp, type TestApp } from './support/app';
import { redisForTest } from './support/redis';
import { createUser, freeSeats, guest, pickEvento, seatStates } from './support/reservas';

/** Hold attempts per client IP (HOLD_MAX_PER_IP): one client cannot hoard seats with scripted holds. */

const TOO_MANY = 'Demasiados intentos. Intenta de nuevo en unos minutos.';
const opened: TestApp[] = [];
afterAll(async () => {
  for (const t of opened.reverse()) await t.close();
});

async function holdsApp(env: Record<string, string>): Promise<TestApp> {
  const t = await buildTestApp({ env: { HOLD_SWEEP_SECONDS: '0', ...env } });
  opened.push(t);
  return t;
}

function post(t: TestApp, url: string, payload: unknown, ip: string, token?: string) {
  return t.request({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: payload as never,
    remoteAddress: ip,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function countReservas(t: TestApp): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from reservas`);
  return row!.n;
}

describe('hold attempts per client IP', () => {
  it('counts every attempt on the three hold routes together and refuses the next with 429, holding nothing', async () => {
    const t = await holdsApp({ HOLD_MAX_PER_IP: '3' });
    const db = t.database.db;
    const ev = await pickEvento(db, 20);
    const [a, b, c] = await freeSeats(db, ev.eventoId, ev.seccionId, 3);
    const ip = '198.51.100.10';

    const first = await post(t, `/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: a }], ...guest() }, ip);
    expect(first.statusCode).toBe(201);
    // A refused attempt counts too: a script probing for free seats pays for each probe.
    const taken = await post(t, `/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: a }], ...guest() }, ip);
    expect(taken.statusCode).toBe(409);
    const general = await post(t, `/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: 1, seccionId: ev.general.seccionId, ...guest() }, ip);
    expect(general.statusCode).toBe(201);

    const before = await countReservas(t);
    const { token } = await createUser(db, t.app.config.jwtSecret);
    const refused = [
      await post(t, `/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: b }], ...guest() }, ip),
      await post(t, `/eventos/${ev.eventoId}/reservar`, { asientosReserva: [{ id: c }] }, ip, token),
      await post(t, `/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: 1, seccionId: ev.general.seccionId, ...guest() }, ip),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ message: TOO_MANY });
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    expect(await countReservas(t)).toBe(before);
    expect([...(await seatStates(db, [b!, c!])).values()]).toEqual(['disponible', 'disponible']);

    // Cancelling gives places back and is never limited.
    const cancel = await post(t, `/eventos/${ev.eventoId}/cancelar`, { reservaId: first.json().reservaId, esGeneral: false }, ip);
    expect(cancel.statusCode).toBe(200);
    // Another client is not affected.
    const other = await post(t, `/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: b }], ...guest() }, '198.51.100.11');
    expect(other.statusCode).toBe(201);
  });

  it('lets the client try again once the window has passed', async () => {
    const t = await holdsApp({ HOLD_MAX_PER_IP: '1', HOLD_LIMIT_WINDOW_MS: '1000' });
    const db = t.database.db;
    const ev = await pickEvento(db, 20);
    const [a, b] = await freeSeats(db, ev.eventoId, ev.seccionId, 2);
    const ip = '198.51.100.20';
    expect((await post(t, `/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: a }], ...guest() }, ip)).statusCode).toBe(201);
    expect((await post(t, `/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: b }], ...guest() }, ip)).statusCode).toBe(429);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await post(t, `/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: b }], ...guest() }, ip)).statusCode).toBe(201);
  });

  it('is off with HOLD_MAX_PER_IP=0', async () => {
    const t = await holdsApp({ HOLD_MAX_PER_IP: '0' });
    const ev = await pickEvento(t.database.db, 20);
    const ip = '198.51.100.30';
    for (let i = 0; i < 5; i++) {
      const res = await post(t, `/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: 1, seccionId: ev.general.seccionId, ...guest() }, ip);
      expect(res.statusCode).toBe(201);
    }
  });
});

describe('with Redis (REDIS_URL): one count across API processes', () => {
  const { url, prefix, redis } = redisForTest('holds');

  it('two processes share the per-IP count', async () => {
    const env = { REDIS_URL: url, RATE_LIMIT_PREFIX: prefix, HOLD_MAX_PER_IP: '3' };
    const a = await holdsApp(env);
    const b = await buildTestApp({ env: { HOLD_SWEEP_SECONDS: '0', ...env }, database: a.database });
    opened.push(b);
    const ev = await pickEvento(a.database.db, 20);
    const ip = '198.51.100.40';
    const hold = (t: TestApp) =>
      post(t, `/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: 1, seccionId: ev.general.seccionId, ...guest() }, ip);
    expect((await hold(a)).statusCode).toBe(201);
    expect((await hold(b)).statusCode).toBe(201);
    expect((await hold(a)).statusCode).toBe(201);
    expect((await hold(b)).statusCode).toBe(429);
    expect((await hold(a)).statusCode).toBe(429);
    expect((await redis.keys(`${prefix}*reservar:${ip}`)).length).toBe(1);
  });

  it('one Redis connection per process serves the limits of every module (accounts and holds)', async () => {
    const ownPrefix = `${prefix}conexiones:`;
    const named = async () =>
      ((await redis.call('CLIENT', 'LIST')) as string).split('\n').filter((line) => line.includes(` name=taquilla-limites:${ownPrefix} `)).length;
    const t = await buildTestApp({ env: { HOLD_SWEEP_SECONDS: '0', REDIS_URL: url, RATE_LIMIT_PREFIX: ownPrefix, HOLD_MAX_PER_IP: '3' } });
    const ev = await pickEvento(t.database.db, 20);
    // both modules count through it: a hold and a login attempt
    expect(
      (await post(t, `/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: 1, seccionId: ev.general.seccionId, ...guest() }, '198.51.100.41'))
        .statusCode,
    ).toBe(201);
    expect((await post(t, '/auth/login', { email: 'nadie@example.com', password: 'Incorrecta123' }, '198.51.100.41')).statusCode).toBe(401);
    expect((await redis.keys(`${ownPrefix}*`)).length).toBeGreaterThanOrEqual(2);
    expect(await named()).toBe(1);
    await t.close();
    await expect.poll(named).toBe(0);
  });
});
