import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyFromQuery } from '../../plugins/api-key-from-query';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { findEventoReservable } from './reservas.repository';
import type { DisponibilidadHub } from './disponibilidad.hub';
import type { HoldConfig } from './reservas.config';

/** Retry-After of a refused stream: a client at its cap waits for its own streams to close; a full process, for any to. */
const RETRY_AFTER_CLIENT_S = 30;
const RETRY_AFTER_PROCESS_S = 10;
/** At most one warning line per this interval while streams are refused. */
const WARN_EVERY_MS = 10_000;

export interface StreamCounts {
  /** Streams open in this process. */
  abiertos: number;
  /** Client addresses with at least one stream open. */
  clientes: number;
  /** Streams refused since the process started: a client at its cap (429), the process full (503). */
  rechazados: { porCliente: number; porProceso: number };
}

/**
 * The availability streams one process admits (HoldConfig.streams): at most `perClient` per
 * client address and `perProcess` in all. Counted in this process on purpose: what a stream
 * spends is this process's sockets and memory, and each process guards its own. `take` runs
 * before anything of the stream is written; its release must run once the stream closes.
 */
export class StreamSlots {
  private open = 0;
  private readonly byClient = new Map<string, number>();
  private readonly refused = { porCliente: 0, porProceso: 0 };
  private lastWarning = 0;
  private refusedSinceWarning = 0;

  constructor(private readonly limits: HoldConfig['streams']) {}

  /**
   * A slot for the request's client (`request.ip`: the buyer's address behind a trusted proxy),
   * or DomainError 429 DEMASIADAS_CONEXIONES_EN_VIVO / 503 EN_VIVO_SATURADO with Retry-After.
   * Answers the release, which frees the slot once however often it is called.
   */
  take(request: FastifyRequest, reply: FastifyReply): () => void {
    const client = request.ip;
    const mine = this.byClient.get(client) ?? 0;
    if (mine >= this.limits.perClient) this.refuse(request, reply, 'porCliente', mine);
    if (this.open >= this.limits.perProcess) this.refuse(request, reply, 'porProceso', mine);
    this.open++;
    this.byClient.set(client, mine + 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.open--;
      const left = (this.byClient.get(client) ?? 1) - 1;
      if (left > 0) this.byClient.set(client, left);
      else this.byClient.delete(client);
    };
  }

  get counts(): StreamCounts {
    return { abiertos: this.open, clientes: this.byClient.size, rechazados: { ...this.refused } };
  }

  private refuse(request: FastifyRequest, reply: FastifyReply, why: 'porCliente' | 'porProceso', mine: number): never {
    this.refused[why]++;
    this.refusedSinceWarning++;
    const now = Date.now();
    // A flood of refusals must not become a flood of log lines: one line per WARN_EVERY_MS.
    if (now - this.lastWarning >= WARN_EVERY_MS) {
      request.log.warn(
        {
          motivo: why,
          rechazadosDesdeElUltimoAviso: this.refusedSinceWarning,
          ...this.counts,
          delCliente: mine,
          limites: { porCliente: this.limits.perClient, porProceso: this.limits.perProcess },
        },
        why === 'porCliente'
          ? 'disponibilidad: un cliente llegó a su límite de flujos en vivo; se responde 429 (el mapa consulta periódicamente)'
          : 'disponibilidad: el proceso llegó a su límite de flujos en vivo; se responde 503 (el mapa consulta periódicamente)',
      );
      this.lastWarning = now;
      this.refusedSinceWarning = 0;
    }
    const client = why === 'porCliente';
    reply.header('retry-after', String(client ? RETRY_AFTER_CLIENT_S : RETRY_AFTER_PROCESS_S));
    throw new DomainError(client ? 'DEMASIADAS_CONEXIONES_EN_VIVO' : 'EN_VIVO_SATURADO');
  }
}

/**
 * GET /eventos/:id/disponibilidad as Server-Sent Events. The reply is hijacked (no
 * serialiser, no compression: a compressed stream would sit in the compressor's buffer), and
 * the first bytes are written only once this process listens, so a client that opens the
 * stream and then fetches the seat map misses nothing. Heartbeat comments keep proxies from
 * closing an idle stream; a closed connection unsubscribes and frees its slot at once. A
 * client at its cap, or a full process, is refused (StreamSlots) before any of this.
 */
export async function disponibilidadStream(
  db: Db,
  hub: DisponibilidadHub,
  slots: StreamSlots,
  cfg: HoldConfig,
  eventoId: number,
  request: FastifyRequest,
  reply: FastifyReply,
  since?: { seccionId: number; desde: number },
) {
  const release = slots.take(request, reply);
  const raw = reply.raw;
  let open = true;
  let untrack: (() => void) | null = null;
  let unsubscribe: (() => void) | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  const cleanup = () => {
    if (!open) return;
    open = false;
    release();
    untrack?.();
    if (heartbeat) clearInterval(heartbeat);
    unsubscribe?.();
  };
  request.raw.on('close', cleanup);
  raw.on('close', cleanup);
  // A client that left before this handler ran has no 'close' left to come.
  if (request.raw.destroyed) cleanup();

  // Live changes wait here until the stream's head and the replay (`since`) are written.
  let waiting: string[] | null = [];
  const send = (text: string) => {
    if (!open) return;
    if (waiting) waiting.push(text);
    else raw.write(text);
  };
  const message = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  let replay: string[] = [];
  try {
    if (!(await findEventoReservable(db, eventoId))) throw new DomainError('EVENTO_NO_ENCONTRADO');
    if (open) untrack = hub.track(() => raw.end());
    if (open) {
      unsubscribe = await hub.subscribe(eventoId, ({ event, data }) => send(message(event, data)));
      if (since) {
        // After subscribing, so nothing falls between the replay and the live changes (a change
        // in both arrives twice: the same states, harmless).
        const { seccionId, desde } = since;
        const deltas = await hub.since(eventoId, seccionId, desde);
        replay = deltas
          ? deltas.map((d) => message('asientos', { seccionId, asientos: d.asientos, version: d.version }))
          : [message('recargar', { seccionId })];
      }
    }
  } catch (err) {
    cleanup();
    throw err;
  }
  if (!open) {
    // The client left meanwhile: nothing to answer, and cleanup ran before the subscription existed.
    unsubscribe?.();
    untrack?.();
    return reply.hijack();
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
  for (const text of [...replay, ...waiting]) raw.write(text);
  waiting = null;
  heartbeat = setInterval(() => {
    if (open) raw.write(': ping\n\n');
  }, cfg.heartbeatSeconds * 1000);
  heartbeat.unref();
  return reply;
}

const SSE_PATH = /^\/api\/v1\/eventos\/[^/?]+\/disponibilidad(?:\?|$)/;

/** EventSource cannot send headers: the availability stream alone takes the API key from `?apiKey=`. */
export const sseApiKeyFromQuery = apiKeyFromQuery('sse-api-key-from-query', 'GET', SSE_PATH);
