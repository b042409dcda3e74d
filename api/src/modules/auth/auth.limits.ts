import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { DomainError } from '../../lib/errors';
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
 * - Password changes (a signed-in caller): hard limits per session, per account and per IP,
 *   counted before the current password is hashed (registerPasswordChangeLimits).
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

/**
 * A counter of attempts per key (the key names its purpose) over `windowMs`, on the limiter
 * registered in `app`'s context; it never refuses by itself. Answers the attempts in the window
 * with this one, and the seconds until the window ends.
 */
function attemptCounter(app: FastifyInstance, windowMs: number) {
  const count = app.createRateLimit({
    keyGenerator: (request) => (request as WithAttemptKey)[attemptKey] ?? 'none',
    max: Number.MAX_SAFE_INTEGER,
    timeWindow: windowMs,
  });
  return async (request: FastifyRequest, key: string): Promise<{ attempts: number; retryAfterSeconds: number }> => {
    (request as WithAttemptKey)[attemptKey] = key;
    const result = await count(request);
    return result.isAllowed ? { attempts: 0, retryAfterSeconds: 0 } : { attempts: result.max - result.remaining, retryAfterSeconds: result.ttlInSeconds };
  };
}

export async function registerAccountLimits(app: FastifyInstance, config: AuthConfig): Promise<AccountLimits> {
  await registerRateLimit(app, config.limitStore);

  // Per-account counters; they never refuse by themselves.
  const counter = (windowMs: number): AccountAttempts => {
    const hit = attemptCounter(app, windowMs);
    return { hit: async (request, key) => (await hit(request, key)).attempts };
  };
  return { login: counter(config.login.perEmail.windowMs), emails: counter(config.emails.perAddress.windowMs) };
}

/** Counts one password-change attempt of the session, or refuses it (429 with Retry-After). */
export type PasswordChangeLimit = (request: FastifyRequest, reply: FastifyReply, session: { id: string; sessionId?: string | undefined }) => Promise<void>;

/**
 * The password change's limits, in the calling module's context (`{ config: ipLimit(
 * config.passwordChange.perIp) }` on the route, and the returned check in its handler before the
 * current password is hashed). Unlike a login's, these refuse: the caller is already signed in,
 * so a refusal locks nobody out of the account — it only stops a stolen session from trying
 * passwords. The session's attempts are counted first; one it may not make does not count against
 * the account, so a session that keeps trying does not use up the owner's other sessions' attempts.
 */
export async function registerPasswordChangeLimits(app: FastifyInstance, config: AuthConfig): Promise<PasswordChangeLimit> {
  await registerRateLimit(app, config.limitStore);
  const { perSession, perAccount } = config.passwordChange;
  const bySession = attemptCounter(app, perSession.windowMs);
  const byAccount = attemptCounter(app, perAccount.windowMs);
  const refuse = (reply: FastifyReply, retryAfterSeconds: number) => {
    reply.header('retry-after', String(Math.max(1, retryAfterSeconds)));
    return new DomainError('DEMASIADOS_INTENTOS');
  };
  return async (request, reply, session) => {
    // Every token the API accepts names its session (lib/jwt.ts); without one, the account's count alone applies.
    if (session.sessionId) {
      const own = await bySession(request, `password:session:${session.sessionId}`);
      if (own.attempts > perSession.max) throw refuse(reply, own.retryAfterSeconds);
    }
    const all = await byAccount(request, `password:account:${session.id}`);
    if (all.attempts > perAccount.max) throw refuse(reply, all.retryAfterSeconds);
  };
}
