import path from 'node:path';
import { buildApp } from './app';
import { DEFAULT_JWT_SECRET, REPO_ROOT, readEnv } from './config';

/**
 * Starts the API (and the storefront when STOREFRONT is not '0'): migrations, first-start
 * seed, then listen on HOST:PORT (default 127.0.0.1:3000).
 */
async function main(): Promise<void> {
  const env = readEnv();
  const serveStorefront = process.env.STOREFRONT !== '0';
  const app = await buildApp({
    storefront: serveStorefront
      ? {
          shellDir: process.env.SHELL_DIR ?? path.join(REPO_ROOT, 'shell', 'dist'),
          originDir: process.env.ORIGIN_DIR ?? path.join(REPO_ROOT, '.origin'),
        }
      : undefined,
  });
  if (env.jwtSecret === DEFAULT_JWT_SECRET && process.env.NODE_ENV === 'production') {
    app.log.warn('JWT_SECRET is not set: using the development secret');
  }
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: env.port, host: env.host });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
