import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { registerRateLimit } from '../../plugins/rate-limit';
import type { AuthConfig, RateLimitRule } from './auth.config';

/**
 * Attempt limits of the accounts module, on @fastify/rate-limit (an LRU in process; Redis when
 * REDIS_URL is set, so N API processes count together).
 *
 * - Per client IP: a hard limit checked in `onRequest`, before the body is even parsed, so a
 *   blocked client creates no per-account key. Every 429 carries Retry-After.
 * - Per account (address): never a lock-out — anyone can type anyone's address. Logins beyond
 *   the free attempts are slowed down progressively; account e-mails beyond the limit are not
 *   sent again (the last link sent still works), with the same answer.
 */
export interface AccountAttempts {
  /** Counts one attempt against `key` and returns the attempts in the current window. */
  hit(request: FastifyRequest, key: string): Promise<number>;
}

/** Keys never carry a raw e-mail (no personal data in Redis): a short hash instead. */
export function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}

/** Route config for a per-IP limit (`{ config: ipLimit(rule) }`). */
export function ipLimit(rule: RateLimitRule) {
  return { rateLimit: { max: rule.max, timeWindow: rule.windowMs } };
}

/**
 * Login delay once an address has had `free` attempts in the window: 1 s, 2 s, 4 s … capped.
 * The owner's correct password still gets in, only later; a guessing run crawls.
 */
export function loginDelayMs(attempts: number, free: number, capMs: number): number {
  if (attempts <= free) return 0;
  return Math.min(1000 * 2 ** (attempts - free - 1), capMs);
}

const attemptKey = Symbol('taquilla.attemptKey');
type WithAttemptKey = FastifyRequest & { [attemptKey]?: string };

export interface AccountLimits {
  login: AccountAttempts;
  emails: AccountAttempts;
}

export async function registerAccountLimits(app: FastifyInstance, config: AuthConfig): Promise<AccountLimits> {
  await registerRateLimit(app, { redisUrl: config.redisUrl, nameSpace: config.rateLimitPrefix });

  // Per-account counters (the key names its purpose); they never refuse by themselves.
  const counter = (windowMs: number): AccountAttempts => {
    const count = app.createRateLimit({
      keyGenerator: (request) => (request as WithAttemptKey)[attemptKey] ?? 'none',
      max: Number.MAX_SAFE_INTEGER,
      timeWindow: windowMs,
    });
    return {
      async hit(request, key) {
        (request as WithAttemptKey)[attemptKey] = key;
        const result = await count(request);
        return result.isAllowed ? 0 : result.max - result.remaining;
      },
    };
  };
  return { login: counter(config.login.perEmail.windowMs), emails: counter(config.emails.perAddress.windowMs) };
}
