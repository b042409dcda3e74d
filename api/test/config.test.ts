import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError, readConfig, withOverrides } from '../src/config';
import { buildTestApp, openTestDatabase } from './support/app';
import { freeSeats, guest, pickEvento } from './support/reservas';

/** The one configuration (src/config/): read once, validated, cut into slices, overridable. */

const dev = { JWT_SECRET: 'x'.repeat(40) };

describe('reading the environment', () => {
  it('unset, empty or blank: each setting takes its default', () => {
    const cfg = readConfig({ ...dev, HOLD_MINUTES: '', MAIL_MAX_ATTEMPTS: ' ', HOLD_SWEEP_SECONDS: undefined });
    expect([cfg.holds.holdMinutes, cfg.mail.maxAttempts, cfg.holds.sweepSeconds, cfg.holds.perIp.windowMs]).toEqual([10, 8, 1, 60_000]);
    expect([cfg.port, cfg.host, cfg.poolWaitMs, cfg.sessionMaxAgeSeconds]).toEqual([3000, '127.0.0.1', 10_000, 30 * 86_400]);
    expect(cfg.shutdown).toEqual({ drainSeconds: 0, timeoutSeconds: 30 });
    expect(readConfig({ ...dev, NODE_ENV: 'production' }).shutdown.drainSeconds).toBe(10);
  });

  it('decimal minutes for a test harness, 0 where 0 turns something off', () => {
    const cfg = readConfig({ ...dev, HOLD_MINUTES: '0.1', HOLD_MAX_PER_IP: '0', MAIL_HANDOVER_MS: '0', JUICIO_CADA_MS: '0' });
    expect([cfg.holds.holdMinutes, cfg.holds.perIp.max, cfg.mail.handoverMs, cfg.telemetria.judgeEveryMs]).toEqual([0.1, 0, 0, 0]);
  });

  it('one value feeds every slice that uses it (REDIS_URL, PUBLIC_URL)', () => {
    const cfg = readConfig({ ...dev, REDIS_URL: 'redis://r:6379', PUBLIC_URL: 'https://boletos.example/' });
    const store = { redisUrl: 'redis://r:6379', nameSpace: 'taquilla:rl:' };
    expect([cfg.rateLimit, cfg.auth.limitStore, cfg.holds.limitStore, cfg.telemetria.limitStore]).toEqual([store, store, store, store]);
    expect([cfg.publicUrl, cfg.mail.publicUrl]).toEqual(['https://boletos.example', 'https://boletos.example']);
  });

  it('an invalid value stops the start with a Spanish message naming each variable', () => {
    const bad = {
      ...dev,
      HOLD_MINUTES: 'diez',
      SSE_MAX_STREAMS: '-1',
      LOGIN_MAX_PER_IP: '1.5',
      PAGOS_USE_3DS: 'si',
      PUBLIC_URL: 'boletos',
      LOG_LEVEL: 'ruidoso',
    };
    let error: unknown;
    try {
      readConfig(bad);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'LOG_LEVEL debe ser fatal, error, warn, info, debug, trace o silent',
      'PUBLIC_URL debe ser una URL completa, p. ej. https://boletos.example (es «boletos»)',
      'LOGIN_MAX_PER_IP debe ser un número entero mayor que 0 (es «1.5»)',
      'HOLD_MINUTES debe ser un número mayor que 0 (es «diez»)',
      'SSE_MAX_STREAMS debe ser un número entero de 0 o más (es «-1»)',
      'PAGOS_USE_3DS debe ser 1 o 0 (es «si»)',
    ]);
    expect((error as Error).message.split('\n')[0]).toBe('La configuración no es válida:');
  });

  it('the platform origin settings are checked at the same time', () => {
    expect(() => readConfig({ ...dev, ORIGIN_CACHE_MS: 'pronto' })).toThrow(ConfigError);
  });

  it('overrides keep the rest of a slice; pagos is replaced whole', () => {
    const base = readConfig(dev);
    const cfg = withOverrides(base, { holds: { holdMinutes: 0.5 }, pagos: { proveedor: 'desactivado', motivo: 'prueba' }, apiKey: 'otra' });
    expect(cfg.holds).toEqual({ ...base.holds, holdMinutes: 0.5 });
    expect(cfg.pagos).toEqual({ proveedor: 'desactivado', motivo: 'prueba' });
    expect(cfg.apiKey).toBe('otra');
    expect(base.apiKey).toBe('taquilla-dev-key');
  });
});

describe('buildApp({ config })', () => {
  it('every module reads its slice from the app: an override reaches the holds, the mail and the auth limits', async () => {
    const t = await buildTestApp({ config: { holds: { holdMinutes: 0.25, sweepSeconds: 0 }, mail: { from: 'Pruebas <p@t.mx>' } } });
    try {
      expect(t.app.config.holds.perIp.max).toBe(120);
      expect(t.app.config.mail.from).toBe('Pruebas <p@t.mx>');
      // A hold made through the route lives for the overridden 15 s, not the default 10 minutes.
      const { eventoId, seccionId } = await pickEvento(t.database.db);
      const [seat] = await freeSeats(t.database.db, eventoId, seccionId, 1);
      const before = Date.now();
      const res = await t.request({
        method: 'POST',
        url: `/api/v1/eventos/${eventoId}/reservarInvitado`,
        payload: { asientosReserva: [{ id: seat }], ...guest('config') },
      });
      expect(res.statusCode).toBe(201);
      const lifetime = Date.parse(res.json().fechaExpiracion) - before;
      expect(lifetime).toBeGreaterThan(10_000);
      expect(lifetime).toBeLessThan(20_000);
    } finally {
      await t.close();
    }
  });

  it('a whole configuration (main.ts) is used as it is, without reading the environment again', async () => {
    const { database, drop } = await openTestDatabase();
    const config = readConfig({ ...dev, MAIL_WORKER: '0', API_KEY: 'clave-de-main' });
    const app = await buildApp({ config, env: { HOLD_MINUTES: 'no-se-lee' }, db: database, migrate: false, seed: false, logger: false });
    try {
      expect(app.config).toBe(config);
      expect((await app.inject({ url: '/api/v1/health', headers: { 'x-api-key': 'clave-de-main' } })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
      await drop();
    }
  });
});
