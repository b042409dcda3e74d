import { readMailConfig, type MailConfig } from '../../mail/config';
import { positiveInt } from '../../lib/env';
import { rateLimitStoreFromEnv } from '../../plugins/rate-limit';

export interface RateLimitRule {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

/** Settings of the accounts module (auth + correos), from the environment. */
export interface AuthConfig {
  mail: MailConfig;
  /** redis://… — shared attempt counters for several API processes. */
  redisUrl: string | undefined;
  /** Redis key prefix (tests use their own). */
  rateLimitPrefix: string;
  /** perEmail.max: free attempts per address before logins are slowed down (never refused). */
  login: { perIp: RateLimitRule; perEmail: RateLimitRule; maxDelayMs: number };
  /** Each registration costs a memory-hard hash: one client cannot create accounts in bulk. */
  register: { perIp: RateLimitRule };
  /** Verification / recovery e-mails: stops anyone mail-bombing an address. */
  emails: { perIp: RateLimitRule; perAddress: RateLimitRule };
  /** Link tokens (verify-email, reset-password) tried per client IP. */
  linkTokens: { perIp: RateLimitRule };
  /** scrypt hashes running at once (each takes a libuv thread for ~100 ms) and waiting at most. */
  hashing: { concurrency: number; maxQueued: number };
  /** Session token lifetime (jose duration). */
  jwtExpiresIn: string;
  /**
   * Password changes by a signed-in buyer: hard limits (429), counted before the current password
   * is hashed. Per session, so a stolen token is no password oracle; per account, over every
   * session (higher, so one stolen session cannot use up the owner's attempts); per IP.
   */
  passwordChange: { perIp: RateLimitRule; perSession: RateLimitRule; perAccount: RateLimitRule };
}

export function readAuthConfig(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  const windowMs = positiveInt(env.LOGIN_WINDOW_MS, 15 * 60 * 1000);
  const mailWindowMs = positiveInt(env.MAIL_LIMIT_WINDOW_MS, 15 * 60 * 1000);
  const passwordWindowMs = positiveInt(env.PASSWORD_CHANGE_WINDOW_MS, 15 * 60 * 1000);
  const store = rateLimitStoreFromEnv(env);
  return {
    mail: readMailConfig(env),
    redisUrl: store.redisUrl,
    rateLimitPrefix: store.nameSpace,
    login: {
      perIp: { max: positiveInt(env.LOGIN_MAX_PER_IP, 20), windowMs },
      perEmail: { max: positiveInt(env.LOGIN_MAX_PER_EMAIL, 5), windowMs },
      maxDelayMs: positiveInt(env.LOGIN_MAX_DELAY_MS, 8000),
    },
    register: { perIp: { max: positiveInt(env.REGISTER_MAX_PER_IP, 50), windowMs } },
    emails: {
      perIp: { max: positiveInt(env.MAIL_MAX_PER_IP, 20), windowMs: mailWindowMs },
      perAddress: { max: positiveInt(env.MAIL_MAX_PER_ADDRESS, 5), windowMs: mailWindowMs },
    },
    linkTokens: { perIp: { max: positiveInt(env.LINK_TOKEN_MAX_PER_IP, 20), windowMs } },
    hashing: { concurrency: positiveInt(env.HASH_CONCURRENCY, 2), maxQueued: positiveInt(env.HASH_MAX_QUEUED, 32) },
    jwtExpiresIn: env.JWT_EXPIRES_IN || '7d',
    passwordChange: {
      perIp: { max: positiveInt(env.PASSWORD_CHANGE_MAX_PER_IP, 20), windowMs: passwordWindowMs },
      perSession: { max: positiveInt(env.PASSWORD_CHANGE_MAX_PER_SESSION, 5), windowMs: passwordWindowMs },
      perAccount: { max: positiveInt(env.PASSWORD_CHANGE_MAX_PER_ACCOUNT, 10), windowMs: passwordWindowMs },
    },
  };
}
