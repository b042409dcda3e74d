import path from 'node:path';
import { buildApp } from './app';
import { DatabaseInUseError } from './db/client';
import { gracefulShutdown } from './plugins/lifecycle';
import { startMetricsServer } from './plugins/metrics';
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
  const { drainSeconds, timeoutSeconds } = env.shutdown;
  // SIGTERM is the orchestrator's or balancer's stop: drain first. SIGINT is a person at the
  // terminal (Ctrl+C): stop now.
  process.once('SIGTERM', () => void gracefulShutdown(app, 'SIGTERM', { drainMs: drainSeconds * 1000, timeoutMs: timeoutSeconds * 1000 }));
  process.once('SIGINT', () => void gracefulShutdown(app, 'SIGINT', { drainMs: 0, timeoutMs: timeoutSeconds * 1000 }));
  await app.listen({ port: env.port, host: env.host });
  if (env.metrics.port) await startMetricsServer(app, env.metrics.port, env.metrics.host);
}

main().catch((err: unknown) => {
  // A known refusal is one clear line; anything else keeps its stack for whoever debugs it.
  console.error(err instanceof DatabaseInUseError ? `✖ ${err.message}` : err);
  process.exit(1);
});
