import type { RateLimitStoreOptions } from '../../plugins/rate-limit';

export interface RateLimitRule {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

/** Settings of the accounts module (auth + correos): the `auth` slice of the one configuration (src/config/). */
export interface AuthConfig {
  /** Where the attempt counters live (REDIS_URL shares them between API processes; RATE_LIMIT_PREFIX). */
  limitStore: RateLimitStoreOptions;
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
