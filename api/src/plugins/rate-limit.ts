import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { DomainError } from '../lib/errors';

export interface RateLimitStoreOptions {
  /** redis://… — counters shared by every API process; without it each process counts alone. */
  redisUrl: string | undefined;
  /** Redis key prefix (tests use their own). */
  nameSpace: string;
}

/** Distinct LRU entries kept in process: far more than the clients of a window, still bounded (O(1) each). */
const LOCAL_KEYS = 200_000;

/** Redis clients by server and URL: every module's limits in one API process share one connection. */
const clients = new WeakMap<object, Map<string, { redis: Redis; users: number }>>();

/**
 * The server's Redis client for `opts`, opened by the first module that asks and closed when the
 * last one's context closes. Its connection is named after the key prefix, so `CLIENT LIST`
 * shows which counters each connection serves.
 */
function sharedRedis(app: FastifyInstance, opts: RateLimitStoreOptions & { redisUrl: string }): Redis {
  let byUrl = clients.get(app.server);
  if (!byUrl) clients.set(app.server, (byUrl = new Map()));
  const key = `${opts.redisUrl} ${opts.nameSpace}`;
  let entry = byUrl.get(key);
  if (!entry) {
    const redis = new Redis(opts.redisUrl, {
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      commandTimeout: 1000,
      connectionName: `taquilla-limites:${opts.nameSpace}`.replace(/[^\w:.-]/g, '_'),
    });
    let lastWarning = 0;
    redis.on('error', (err) => {
      // Redis retries every few hundred ms while down: one line a minute is enough.
      if (Date.now() - lastWarning < 60_000) return;
      lastWarning = Date.now();
      app.log.warn({ err: String(err) }, 'Redis no responde: los límites de intentos no se cuentan mientras tanto');
    });
    entry = { redis, users: 0 };
    byUrl.set(key, entry);
  }
  const shared = entry;
  shared.users++;
  app.addHook('onClose', async () => {
    if (--shared.users > 0) return;
    byUrl.delete(key);
    shared.redis.disconnect();
  });
  return shared.redis;
}

/**
 * Registers @fastify/rate-limit in the calling module's context, with no global limit: routes
 * opt in (route config or `app.createRateLimit`). Counters live in an LRU in process, or in Redis
 * when `redisUrl` is set (one connection per process, shared by the modules). A Redis outage lets
 * requests through (logged once a minute) rather than refusing every buyer; a refusal is
 * DEMASIADOS_INTENTOS (429, Spanish message).
 */
export async function registerRateLimit(app: FastifyInstance, opts: RateLimitStoreOptions): Promise<void> {
  const redis = opts.redisUrl ? sharedRedis(app, { ...opts, redisUrl: opts.redisUrl }) : undefined;

  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: opts.nameSpace,
    cache: LOCAL_KEYS,
    skipOnError: true,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: () => new DomainError('DEMASIADOS_INTENTOS'),
  });
}
