import { Redis } from 'ioredis';
import { afterAll } from 'vitest';

/**
 * The Redis the rate-limit tests share counters through (TEST_REDIS_URL, else the local one), a
 * key prefix of this file's own (`label`, the process and the time), and a client to inspect it.
 * Call inside a `describe`: its keys are deleted and the client closed after the file's tests.
 */
export function redisForTest(label: string): { url: string; prefix: string; redis: Redis } {
  const url = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
  const prefix = `taquilla-test:${label}:${process.pid}:${Date.now()}:`;
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });
  return { url, prefix, redis };
}
