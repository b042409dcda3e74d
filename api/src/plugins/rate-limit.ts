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

/** REDIS_URL and RATE_LIMIT_PREFIX (default 'taquilla:rl:'), shared by every module's limits. */
export function rateLimitStoreFromEnv(env: NodeJS.ProcessEnv = process.env): RateLimitStoreOptions {
  return { redisUrl: env.REDIS_URL || undefined, nameSpace: env.RATE_LIMIT_PREFIX || 'taquilla:rl:' };
}

/** Distinct LRU entries kept in process: far more than the clients of a window, still bounded (O(1) each). */
const LOCAL_KEYS = 200_000;

/**
 * Registers @fastify/rate-limit in the calling module's context, with no global limit: routes
 * opt in (route config or `app.createRateLimit`). Counters live in an LRU in process, or in Redis
 * when `redisUrl` is set. A Redis outage lets requests through (logged once a minute) rather than
 * refusing every buyer; a refusal is DEMASIADOS_INTENTOS (429, Spanish message).
 */
export async function registerRateLimit(app: FastifyInstance, opts: RateLimitStoreOptions): Promise<void> {
  let lastWarning = 0;
  const redis = opts.redisUrl
    ? new Redis(opts.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, commandTimeout: 1000 })
    : undefined;
  redis?.on('error', (err) => {
    // Redis retries every few hundred ms while down: one line a minute is enough.
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    app.log.warn({ err: String(err) }, 'Redis no responde: los límites de intentos no se cuentan mientras tanto');
  });
  if (redis) app.addHook('onClose', async () => redis.disconnect());

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
