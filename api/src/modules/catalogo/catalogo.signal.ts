import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { listenChannel } from '../../db/listen';

/** PostgreSQL announces here every statement that writes events or the names they show (migration 0011). */
const CATALOGO_CHANNEL = 'catalogo';

/** Between attempts to (re)open the LISTEN connection. */
const RETRY_MS = 1_000;

/**
 * One process's ear on the 'catalogo' channel (any statement that writes events or the names
 * they show, migration 0011), shared by the copies that must drop with the catalogue: the seat
 * snapshots and the storefront's landing pages. `generation` is bumped by every announcement
 * and by losing the connection; a copy made at an older generation is stale, and nothing may be
 * kept while `listening` is false (a change could go unheard).
 */
export class CatalogoSignal {
  generation = 0;
  listening = false;
  private readonly subscribers = new Set<() => void>();
  private starting: Promise<void> | null = null;
  private stop: (() => Promise<void>) | null = null;
  private retryAt = 0;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly kind: 'pglite' | 'pg',
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts listening if it is not (the answer is for whoever wants to wait for it). */
  ensure(): Promise<void> {
    if (this.listening || this.closed || Date.now() < this.retryAt) return Promise.resolve();
    this.starting ??= listenChannel(this.db, this.kind, CATALOGO_CHANNEL, {
      onMessage: () => this.bump(),
      onLost: (err) => {
        this.log.warn({ err }, 'catálogo: LISTEN connection lost; landing pages and seat snapshots are not kept until it is back');
        this.listening = false;
        this.stop = null;
        this.bump();
      },
    })
      .then(async (stop) => {
        if (this.closed) return stop();
        this.stop = stop;
        this.listening = true;
      })
      .catch((err: unknown) => {
        this.retryAt = Date.now() + RETRY_MS;
        this.log.warn({ err }, 'catálogo: LISTEN failed');
      })
      .finally(() => {
        this.starting = null;
      });
    return this.starting;
  }

  /** Calls `fn` after every announcement (and after a lost connection). Answers the unsubscribe. */
  subscribe(fn: () => void): () => void {
    this.subscribers.add(fn);
    return () => this.subscribers.delete(fn);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.bump();
    await this.starting?.catch(() => {});
    await this.stop?.().catch(() => {});
  }

  private bump(): void {
    this.generation += 1;
    for (const fn of this.subscribers) fn();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Service 'catalogo': this process's ear on the 'catalogo' channel (catalogoServices). */
    catalogo: CatalogoSignal;
  }
}

/** Service 'catalogo': the app's one CatalogoSignal (`app.catalogo`), closed with the app. */
export const catalogoServices = fp(
  async (app) => {
    const signal = new CatalogoSignal(app.db, app.dbKind, app.log);
    app.decorate('catalogo', signal);
    app.addHook('onClose', () => signal.close());
  },
  { name: 'catalogo' },
);
