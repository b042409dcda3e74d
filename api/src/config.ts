import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPagosConfig, type PagosConfig } from './modules/pagos/pagos.config';
import { nonNegativeInt, positiveInt } from './lib/env';

/** Repository root (two levels above api/src). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The API key identifies the storefront as a client; it is public by design (every browser
 * reads it from /config.json), so it is not a secret and guards nothing on its own.
 */
export const DEFAULT_API_KEY = 'taquilla-dev-key';

let devSecret: string | undefined;
/**
 * Without JWT_SECRET (development only: production refuses to start), a random secret made on
 * this machine and kept in `.data/jwt-secret` (git-ignored), so sessions survive a restart and
 * no secret written in the source can sign tokens.
 */
export function localJwtSecret(file = path.join(REPO_ROOT, '.data', 'jwt-secret')): string {
  if (devSecret) return devSecret;
  mkdirSync(path.dirname(file), { recursive: true });
  // Written aside, then linked into place: a concurrent start reads a whole secret or makes its own link fail.
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, randomBytes(48).toString('base64url'), { mode: 0o600 });
  try {
    linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(tmp);
  }
  devSecret = readFileSync(file, 'utf8').trim();
  return devSecret;
}

export interface EnvConfig {
  port: number;
  host: string;
  apiKey: string;
  jwtSecret: string;
  databaseUrl: string | undefined;
  pgliteDir: string;
  /**
   * DB_POOL_WAIT_MS (10000): PostgreSQL server only. A request that waits this long for a
   * database connection gets 503 "Hay muchas solicitudes en este momento…" with Retry-After
   * instead of waiting without end while an on-sale overloads the database.
   */
  poolWaitMs: number;
  logLevel: string;
  /**
   * Fastify `trustProxy`: off by default, so a client cannot dodge the per-IP rate limits by
   * sending its own X-Forwarded-For. Behind a load balancer set TRUST_PROXY to the number of
   * hops, a comma-separated list of proxy addresses, or 'true'.
   */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** NODE_ENV=production: unsafe settings refuse to start (production-check.ts). */
  production: boolean;
  /** Storefront origin (PUBLIC_URL) for e-mailed links and /config.json. */
  publicUrl: string | undefined;
  /** Origins that serve remotes besides this one (REMOTE_ORIGINS, comma-separated): allowed by the CSP. */
  remoteOrigins: string[];
  /** ALLOW_REMOTE_OVERRIDES=1: the shell honours developer overrides (development only). */
  allowRemoteOverrides: boolean;
  /** SESSION_MAX_AGE_DAYS (30): a session ends this long after sign-in, however often renewed. */
  sessionMaxAgeSeconds: number;
  /** Payment gateway: Openpay when its keys are set, else the built-in sandbox (modules/pagos/pagos.config.ts). */
  pagos: PagosConfig;
  /**
   * SIGTERM: SHUTDOWN_DRAIN_SECONDS of serving while not ready (production 10, else 0: a
   * balancer's health check must see /readyz fail before the process stops accepting), then at
   * most SHUTDOWN_TIMEOUT_SECONDS (30) for the whole stop (plugins/lifecycle.ts).
   */
  shutdown: { drainSeconds: number; timeoutSeconds: number };
  /** METRICS_PORT (off when unset): Prometheus `/metrics` on its own port, on METRICS_HOST (127.0.0.1). */
  metrics: { port: number | undefined; host: string };
  /**
   * API_DOCS: serve the OpenAPI page and document at /api/docs. On in development; in production
   * only with API_DOCS=1 (the whole API surface, laid out, is of more use to an attacker than to
   * a buyer). API_DOCS=0 turns it off in development.
   */
  apiDocs: boolean;
}

function parseTrustProxy(value: string | undefined): EnvConfig['trustProxy'] {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops; // trust the nearest `hops` proxies only
  }
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}

export function readEnv(env: NodeJS.ProcessEnv = process.env): EnvConfig {
  const port = Number(env.PORT ?? 3000);
  return {
    port: Number.isInteger(port) && port > 0 ? port : 3000,
    host: env.HOST ?? '127.0.0.1',
    apiKey: env.API_KEY || DEFAULT_API_KEY,
    jwtSecret: env.JWT_SECRET || localJwtSecret(),
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: env.PGLITE_DIR || path.join(REPO_ROOT, '.data', 'pglite'),
    poolWaitMs: positiveInt(env.DB_POOL_WAIT_MS, 10_000),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    production: env.NODE_ENV === 'production',
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    remoteOrigins: (env.REMOTE_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    allowRemoteOverrides: env.ALLOW_REMOTE_OVERRIDES === '1',
    sessionMaxAgeSeconds: Math.round((Number(env.SESSION_MAX_AGE_DAYS) > 0 ? Number(env.SESSION_MAX_AGE_DAYS) : 30) * 86_400),
    pagos: readPagosConfig(env),
    shutdown: {
      drainSeconds: nonNegativeInt(env.SHUTDOWN_DRAIN_SECONDS, env.NODE_ENV === 'production' ? 10 : 0),
      timeoutSeconds: positiveInt(env.SHUTDOWN_TIMEOUT_SECONDS, 30),
    },
    metrics: { port: positiveInt(env.METRICS_PORT, 0) || undefined, host: env.METRICS_HOST || '127.0.0.1' },
    apiDocs: env.API_DOCS ? env.API_DOCS === '1' : env.NODE_ENV !== 'production',
  };
}
