import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * Fixed-window attempt counters for login and the e-mail endpoints. In-process by default;
 * with REDIS_URL every API process counts in the same Redis, so N instances behind a load
 * balancer enforce one limit. If Redis is unreachable we fall back to the in-process counter
 * (logged), rather than locking every buyer out.
 */
export interface HitResult {
  count: number;
  /** ms until the window resets. */
  resetInMs: number;
}

export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<HitResult>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, windowMs: number): Promise<HitResult> {
    const now = Date.now();
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, entry);
      this.prune(now);
    }
    entry.count += 1;
    return { count: entry.count, resetInMs: entry.resetAt - now };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  /** Drops expired windows now and then, so the map cannot grow without bound. */
  private prune(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}

/** INCR + first-hit PEXPIRE in one atomic step, so concurrent hits from many processes count once each. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  private readonly fallback = new MemoryRateLimitStore();

  constructor(
    url: string,
    private readonly prefix = 'taquilla:rl:',
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    this.redis = new Redis(url, {
      // Commands wait for the first connection (the offline queue), but never long: a login
      // must not hang on a Redis that is down — after the timeout we count in process.
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
      commandTimeout: 1500,
      connectTimeout: 2000,
    });
    this.redis.on('error', (err) => this.onError(err));
  }

  async hit(key: string, windowMs: number): Promise<HitResult> {
    try {
      const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(windowMs))) as [number, number];
      return { count, resetInMs: ttl };
    } catch (err) {
      this.onError(err);
      return this.fallback.hit(key, windowMs);
    }
  }

  async reset(key: string): Promise<void> {
    try {
      await this.redis.del(this.prefix + key);
    } catch (err) {
      this.onError(err);
    }
    await this.fallback.reset(key);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

export interface RateLimitRule {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

/** Keys never carry a raw e-mail (no personal data in Redis): a short hash instead. */
export function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}

export class RateLimiter {
  constructor(readonly store: RateLimitStore) {}

  /** Counts one attempt against every key; true when all are within their rule. */
  async allow(hits: Array<{ key: string; rule: RateLimitRule }>): Promise<{ allowed: boolean; retryAfterMs: number }> {
    const results = await Promise.all(hits.map(({ key, rule }) => this.store.hit(key, rule.windowMs)));
    let allowed = true;
    let retryAfterMs = 0;
    results.forEach((result, i) => {
      if (result.count > hits[i]!.rule.max) {
        allowed = false;
        retryAfterMs = Math.max(retryAfterMs, result.resetInMs);
      }
    });
    return { allowed, retryAfterMs };
  }

  reset(key: string): Promise<void> {
    return this.store.reset(key);
  }
}
