import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { buildApp } from '../../../app';
import { openTestDatabase } from '../../../../test/helpers';
import type { RouteModule } from '../../types';
import { accountMailIdle } from '../correos.service';

export const API_KEY = 'clave-de-prueba';
export const JWT_SECRET = 'secreto-de-prueba-0123456789-abcdefghij';

/**
 * An app for the accounts tests on its own copy of the test template (PGlite for `test`,
 * PostgreSQL for `test:pg` — the API's test mechanism, test/helpers.ts). `env` is applied
 * while the app is built (the accounts module reads its settings then) and restored after.
 */
export async function openTestApp(env: Record<string, string | undefined> = {}, extraModules: RouteModule[] = []) {
  const { database, drop } = await openTestDatabase();
  const saved: Record<string, string | undefined> = {};
  const applied = { MAIL_WORKER: '0', SMTP_URL: '', REDIS_URL: '', ...env };
  for (const [key, value] of Object.entries(applied)) {
    saved[key] = process.env[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  let app: FastifyInstance;
  try {
    app = await buildApp({ db: database, migrate: false, seed: false, logger: false, config: { apiKey: API_KEY, jwtSecret: JWT_SECRET }, extraModules });
    await app.ready();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
  const close = async () => {
    await app.close();
    await database.close();
    await drop();
  };
  return { app, db: database.db, close };
}

export interface CallOptions {
  token?: string;
  ip?: string;
  /** Extra request headers (e.g. a spoofed X-Forwarded-For). */
  headers?: Record<string, string>;
}

/** app.inject under /api/v1 with the API key (and a bearer token when given). */
export async function call(app: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: unknown, opts: CallOptions = {}) {
  const headers: Record<string, string> = { 'x-api-key': API_KEY, ...opts.headers };
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

/** The newest outbox message to an address, and the link token in it. */
export async function lastMail(app: FastifyInstance, to: string) {
  const result = await app.db.execute(
    sql`SELECT id, subject, text, html, status FROM email_outbox WHERE "to" = ${to} ORDER BY created_at DESC LIMIT 1`,
  );
  const row = (result as unknown as { rows: Array<{ id: string; subject: string; text: string; html: string; status: string }> }).rows[0];
  if (!row) return undefined;
  const token = /\/auth\/(?:verify|reset)\/([A-Za-z0-9_-]+)/.exec(row.text)?.[1];
  return { ...row, token };
}

export async function countMails(app: FastifyInstance, to: string): Promise<number> {
  const result = await app.db.execute(sql`SELECT count(*)::int AS n FROM email_outbox WHERE "to" = ${to}`);
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

/** A token signed with the test secret but with arbitrary claims/expiry (for expired-token tests). */
export async function signRaw(claims: { sub: string; email: string; isVerified: boolean; exp: number }, secret = JWT_SECRET) {
  return new SignJWT({ email: claims.email, fullName: 'X', isVerified: claims.isVerified })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer('taquilla')
    .setIssuedAt(claims.exp - 3600)
    .setExpirationTime(claims.exp)
    .sign(new TextEncoder().encode(secret));
}
