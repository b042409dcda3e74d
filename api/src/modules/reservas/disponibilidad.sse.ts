import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_KEY_HEADER } from '@taquilla/shared/runtime-config';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { findEventoReservable } from './reservas.repository';
import type { DisponibilidadHub } from './disponibilidad.notify';
import type { HoldConfig } from './reservas.config';

/**
 * GET /eventos/:id/disponibilidad as Server-Sent Events. The reply is hijacked (no
 * serialiser, no compression: a compressed stream would sit in the compressor's buffer), and
 * the first bytes are written only once this process listens, so a client that opens the
 * stream and then fetches the seat map misses nothing. Heartbeat comments keep proxies from
 * closing an idle stream; a closed connection unsubscribes at once.
 */
export async function disponibilidadStream(db: Db, hub: DisponibilidadHub, cfg: HoldConfig, eventoId: number, request: FastifyRequest, reply: FastifyReply) {
  if (!(await findEventoReservable(db, eventoId))) throw new DomainError('EVENTO_NO_ENCONTRADO');

  const raw = reply.raw;
  let open = true;
  let unsubscribe: (() => void) | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  const untrack = hub.track(() => raw.end());
  const cleanup = () => {
    if (!open) return;
    open = false;
    untrack();
    if (heartbeat) clearInterval(heartbeat);
    unsubscribe?.();
  };
  request.raw.on('close', cleanup);
  raw.on('close', cleanup);

  unsubscribe = await hub.subscribe(eventoId, ({ event, data }) => {
    if (open) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  });
  if (!open) {
    unsubscribe();
    return reply;
  }
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx and similar proxies would otherwise buffer the stream.
    'x-accel-buffering': 'no',
  });
  // retry: how long EventSource waits before reconnecting after a drop.
  raw.write(`retry: 2000\n: conectado\n\n`);
  heartbeat = setInterval(() => {
    if (open) raw.write(': ping\n\n');
  }, cfg.heartbeatSeconds * 1000);
  heartbeat.unref();
  return reply;
}

const SSE_PATH = /^\/api\/v1\/eventos\/[^/?]+\/disponibilidad(?:\?|$)/;

/**
 * EventSource cannot send headers, so the availability stream alone takes the API key from
 * `?apiKey=`. Registered on the root instance (before the /api/v1 key check runs) and limited
 * to that one GET path; every other route still requires the header.
 */
export const sseApiKeyFromQuery = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (request.method !== 'GET' || request.headers[API_KEY_HEADER] || !SSE_PATH.test(request.url)) return;
      const key = (request.query as Record<string, unknown> | undefined)?.apiKey;
      if (typeof key === 'string') request.headers[API_KEY_HEADER] = key;
    });
  },
  { name: 'sse-api-key-from-query' },
);
