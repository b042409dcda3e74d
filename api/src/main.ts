import path from 'node:path';
import { buildApp } from './app';
import { DatabaseInUseError } from './db/client';
import { REPO_ROOT, readEnv } from './config';
import { productionProblems, productionRefusal } from './production-check';

/**
 * Starts the API (and the storefront when STOREFRONT is not '0'): migrations, first-start
 * seed, then listen on HOST:PORT (default 127.0.0.1:3000).
 */
async function main(): Promise<void> {
  const problems = productionProblems();
  if (problems.length) {
    console.error(productionRefusal(problems));
    process.exit(1);
  }
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
  // A known refusal is one clear line; anything else keeps its stack for whoever debugs it.
  console.error(err instanceof DatabaseInUseError ? `✖ ${err.message}` : err);
  process.exit(1);
});
