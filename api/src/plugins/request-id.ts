import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';

const REQUEST_ID_HEADER = 'x-request-id';

/** What a caller's (or the balancer's) request id may look like: one token, no spaces or separators that could forge a log field. */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

/**
 * Fastify's `genReqId`: the incoming `x-request-id` when it is well formed (a balancer or the
 * browser's telemetry set it, so one id follows a request across machines), else a new UUID —
 * never a per-process counter, which repeats on every machine of a fleet.
 */
export function requestIdFor(req: IncomingMessage): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && WELL_FORMED.test(sent) ? sent : randomUUID();
}

/** Builds each request's logger with its method and route pattern beside `reqId` (`sin-ruta`: no route matched). */
export function childLoggerFor(route: string) {
  return (
    logger: FastifyBaseLogger,
    bindings: Record<string, unknown>,
    opts: Parameters<FastifyBaseLogger['child']>[1],
    raw: IncomingMessage,
  ): FastifyBaseLogger => logger.child({ ...bindings, method: raw.method, route }, opts);
}

/**
 * The id goes back on every answer (`x-request-id`), and every log line of a request — the
 * incoming and completion lines included — carries its method and route pattern beside `reqId`.
 */
export const requestIdPlugin = fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      route.childLoggerFactory ??= childLoggerFor(route.url);
    });
    app.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
    });
  },
  { name: 'request-id' },
);
