import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from './app';
import { DatabaseInUseError } from './db/client';
import { gracefulShutdown } from './plugins/lifecycle';
import { startMetricsServer } from './plugins/metrics';
import { ConfigError, readConfig } from './config';
import { productionProblems, productionRefusal } from './production-check';

/**
 * Starts the API (and the storefront when STOREFRONT is not '0'): the configuration read once
 * (an invalid setting stops here, naming the variable), the production check, migrations,
 * first-start seed, then listen on HOST:PORT (default 127.0.0.1:3000). `extraModules`: what a
 * development entry adds (dev/main.ts: the Openpay sandbox's pages); main.ts adds nothing.
 */
export async function startApi(opts: Pick<BuildAppOptions, 'extraModules'> = {}): Promise<FastifyInstance> {
  const env = readConfig();
  const problems = productionProblems();
  if (problems.length) {
    console.error(productionRefusal(problems));
    process.exit(1);
  }
  const { storefront } = env;
  const app = await buildApp({
    ...opts,
    config: env,
    storefront: storefront.enabled ? { shellDir: storefront.shellDir, originDir: storefront.originDir } : undefined,
  });
  const { drainSeconds, timeoutSeconds } = env.shutdown;
  // SIGTERM is the orchestrator's or balancer's stop: drain first. SIGINT is a person at the
  // terminal (Ctrl+C): stop now.
  process.once('SIGTERM', () => void gracefulShutdown(app, 'SIGTERM', { drainMs: drainSeconds * 1000, timeoutMs: timeoutSeconds * 1000 }));
  process.once('SIGINT', () => void gracefulShutdown(app, 'SIGINT', { drainMs: 0, timeoutMs: timeoutSeconds * 1000 }));
  await app.listen({ port: env.port, host: env.host });
  if (env.metrics.port) await startMetricsServer(app, env.metrics.port, env.metrics.host);
  return app;
}

/** How an entry point ends on a failed start: a known refusal is one clear line; anything else keeps its stack. */
export function startFailed(err: unknown): never {
  console.error(err instanceof DatabaseInUseError || err instanceof ConfigError ? `✖ ${err.message}` : err);
  process.exit(1);
}
