import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPagosConfig, type PagosConfig } from './modules/pagos/config';

/** Repository root (two levels above api/src). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const DEFAULT_API_KEY = 'taquilla-dev-key';
/** Dev-only secret; production must set JWT_SECRET (main.ts warns when it is missing). */
export const DEFAULT_JWT_SECRET = 'taquilla-dev-secret-change-me-0123456789';

export interface EnvConfig {
  port: number;
  host: string;
  apiKey: string;
  jwtSecret: string;
  databaseUrl: string | undefined;
  pgliteDir: string;
  logLevel: string;
  /**
   * Fastify `trustProxy`: off by default, so a client cannot dodge the per-IP rate limits by
   * sending its own X-Forwarded-For. Behind a load balancer set TRUST_PROXY to the number of
   * hops, a comma-separated list of proxy addresses, or 'true'.
   */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** Payment gateway: Openpay when its keys are set, else the built-in sandbox (modules/pagos/config.ts). */
  pagos: PagosConfig;
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
    jwtSecret: env.JWT_SECRET || DEFAULT_JWT_SECRET,
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: env.PGLITE_DIR || path.join(REPO_ROOT, '.data', 'pglite'),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    pagos: readPagosConfig(env),
  };
}
