import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: what goes in the e-mailed link. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the token. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000;
