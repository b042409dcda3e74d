import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pingDatabase } from '../modules/health/health.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the first shutdown signal: `/readyz` answers 503 and answers close their connection. */
    draining: boolean;
  }
}

/**
 * The load balancer's probes, outside /api/v1 (no API key; they reveal nothing):
 * - `GET /livez`: 200 while the process can answer at all (a failing one should be restarted);
 * - `GET /readyz`: 200 while it should get traffic: the database answers and no shutdown has
 *   begun; 503 otherwise (take it out of rotation, do not restart it).
 * While draining every answer says `Connection: close`, so keep-alive clients reconnect through
 * the balancer to another process instead of reusing this one.
 */
export const lifecyclePlugin = fp(
  async (app) => {
    app.decorate('draining', false);
    app.addHook('onSend', async (_request, reply) => {
      if (app.draining) reply.header('connection', 'close');
    });
    const noStore = { 'cache-control': 'no-store' };
    app.get('/livez', async (_request, reply) => reply.headers(noStore).send({ status: 'ok' }));
    app.get('/readyz', async (request, reply) => {
      reply.headers(noStore);
      if (app.draining) return reply.code(503).send({ status: 'cerrando' });
      try {
        await pingDatabase(app.db);
      } catch (err) {
        request.log.warn({ err }, 'readyz: la base de datos no responde');
        return reply.code(503).send({ status: 'sin-base-de-datos' });
      }
      return reply.send({ status: 'ok' });
    });
  },
  { name: 'lifecycle' },
);

export interface ShutdownOptions {
  /** How long to keep serving after readiness turns false, so the balancer notices first. */
  drainMs: number;
  /** Longest the whole shutdown may take before the process is ended anyway. */
  timeoutMs: number;
  /** Ends the process; `process.exit` outside tests. */
  exit?: (code: number) => void;
}

/**
 * A graceful stop (SIGTERM): readiness goes false at once, requests keep being served for the
 * drain window, then the server closes — it stops accepting, finishes in-flight requests (a sale
 * in progress completes), ends the availability streams (EventSource reconnects, through the
 * balancer, to another process) and closes the database — and the process exits 0. Past
 * `timeoutMs` it exits 1 whatever is still open.
 */
export async function gracefulShutdown(app: FastifyInstance, signal: string, opts: ShutdownOptions): Promise<void> {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  if (app.draining) return;
  app.draining = true;
  app.log.info({ signal, drainMs: opts.drainMs }, 'shutdown: no longer ready, draining');
  const hard = setTimeout(() => {
    app.log.error({ timeoutMs: opts.timeoutMs }, 'shutdown: timed out, exiting with work still open');
    exit(1);
  }, opts.timeoutMs);
  hard.unref();
  await new Promise((resolve) => setTimeout(resolve, opts.drainMs));
  try {
    await app.close();
  } catch (err) {
    app.log.error({ err }, 'shutdown: close failed');
    clearTimeout(hard);
    exit(1);
    return;
  }
  clearTimeout(hard);
  app.log.info('shutdown: closed');
  exit(0);
}
