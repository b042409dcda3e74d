import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { accountMailIdle } from '../../src/modules/auth/correos.service';
import { TEST_API_KEY } from './app';

/**
 * Support for the accounts tests, on apps from `buildTestApp` (support/app.ts):
 *   const t = await buildTestApp({ env: { LOGIN_MAX_PER_IP: '500' } });
 *   const res = await call(t.app, 'POST', '/auth/login', { email, password });
 */

export interface CallOptions {
  token?: string;
  ip?: string;
  /** Extra request headers (e.g. a spoofed X-Forwarded-For). */
  headers?: Record<string, string>;
}

/** app.inject under /api/v1 with the API key (and a bearer token when given). */
export async function call(app: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: unknown, opts: CallOptions = {}) {
  const headers: Record<string, string> = { 'x-api-key': TEST_API_KEY, ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await app.inject({ method, url: `/api/v1${url}`, payload: payload as never, headers, remoteAddress: opts.ip ?? '127.0.0.1' });
  // Account e-mails are written after the answer: let them land before the test looks.
  await accountMailIdle();
  return { status: res.statusCode, body: res.body ? (res.json() as Record<string, unknown>) : {} };
}

/** A unique address per test (the PostgreSQL run shares one database across runs). */
export function uniqueEmail(tag = 'ana'): string {
  return `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@ejemplo.mx`;
}

export const GOOD_PASSWORD = 'Secreta1';

/** Registers 'Ana López' with `email` (201, or the test fails); returns the e-mail. */
export async function register(app: FastifyInstance, email = uniqueEmail()): Promise<string> {
  expect((await call(app, 'POST', '/auth/register', { fullName: 'Ana López', email, password: GOOD_PASSWORD })).status).toBe(201);
  return email;
}

/** The newest outbox message to an address, and the link token in it. */
export async function lastMail(app: FastifyInstance, to: string) {
  const result = await app.db.execute(sql`SELECT id, subject, text, html, status FROM email_outbox WHERE "to" = ${to} ORDER BY created_at DESC LIMIT 1`);
  const row = (result as unknown as { rows: Array<{ id: string; subject: string; text: string; html: string; status: string }> }).rows[0];
  if (!row) return undefined;
  const token = /\/auth\/(?:verify|reset)\/([A-Za-z0-9_-]+)/.exec(row.text)?.[1];
  return { ...row, token };
}

export async function countMails(app: FastifyInstance, to: string): Promise<number> {
  const result = await app.db.execute(sql`SELECT count(*)::int AS n FROM email_outbox WHERE "to" = ${to}`);
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

/** A token with arbitrary claims and expiry, signed with `secret` (the app's own: `app.config.jwtSecret`). */
export async function signRaw(claims: { sub: string; email: string; isVerified: boolean; exp: number }, secret: string) {
  return new SignJWT({ email: claims.email, fullName: 'X', isVerified: claims.isVerified })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer('taquilla')
    .setIssuedAt(claims.exp - 3600)
    .setExpirationTime(claims.exp)
    .sign(new TextEncoder().encode(secret));
}
