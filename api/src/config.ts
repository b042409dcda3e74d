import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  };
}
