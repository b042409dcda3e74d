import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { listenChannel } from '../../db/listen';

/** PostgreSQL announces here every statement that writes events or the names they show (migration 0011). */
export const CATALOGO_CHANNEL = 'catalogo';

/** An upper bound on a copy's age, should a LISTEN connection die without a word. */
const MAX_AGE_MS = 60_000;
/** Between attempts to (re)open the LISTEN connection; meanwhile every read goes to the database. */
const RETRY_MS = 1_000;

export interface Cached<T> {
  value: T;
  /** A weak ETag of the value's content: the same in every process for the same catalogue. */
  etag: string;
}

interface Entry<T> extends Cached<T> {
  expiresAt: number;
}

const etagOf = (value: unknown) => `W/"${createHash('sha1').update(JSON.stringify(value)).digest('base64url')}"`;

/**
 * One process's copy of a catalogue read that changes only with the catalogue (events and the
 * category, artist, venue and city names they show) — never seat or place state, which is read
 * from the database on every request. Each API process LISTENs on CATALOGO_CHANNEL and drops its
 * copy on every announcement, so a change committed by any process (or by hand in psql) is
 * served everywhere as soon as the notification lands. A copy is kept only while listening,
 * and only if no announcement arrived while it was being read; it also lapses at
 * `validUntil(value)` (the listing's soonest event starting) and after MAX_AGE_MS. Its ETag is
 * hashed once per copy, not once per request.
 */
export class CatalogoCache<T> {
  private entry: Entry<T> | null = null;
  private loading: { generation: number; promise: Promise<Cached<T>> } | null = null;
  /** Bumped by every announcement and by losing the connection: copies read before it are stale. */
  private generation = 0;
  private listening = false;
  private starting: Promise<void> | null = null;
  private retryAt = 0;
  private stop: (() => Promise<void>) | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly kind: 'pglite' | 'pg',
    private readonly log: FastifyBaseLogger,
    private readonly load: () => Promise<T>,
    private readonly validUntil: (value: T) => number,
  ) {}

  async get(): Promise<Cached<T>> {
    if (this.entry && Date.now() < this.entry.expiresAt) return this.entry;
    if (!this.listening) this.start();
    if (this.loading?.generation === this.generation) return this.loading.promise;
    const generation = this.generation;
    const keep = this.listening;
    const startedAt = Date.now();
    const promise = this.load().then((value) => {
      const cached = { value, etag: etagOf(value) };
      if (keep && this.listening && generation === this.generation) {
        this.entry = { ...cached, expiresAt: Math.min(this.validUntil(value), startedAt + MAX_AGE_MS) };
      }
      return cached;
    });
    this.loading = { generation, promise };
    void promise.then(
      () => this.clearLoading(promise),
      () => this.clearLoading(promise),
    );
    return promise;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.invalidate();
    await this.starting?.catch(() => {});
    await this.stop?.().catch(() => {});
  }

  private clearLoading(promise: Promise<Cached<T>>): void {
    if (this.loading?.promise === promise) this.loading = null;
  }

  private invalidate(): void {
    this.generation += 1;
    this.entry = null;
  }

  private start(): void {
    if (this.starting || this.closed || Date.now() < this.retryAt) return;
    this.starting = listenChannel(this.db, this.kind, CATALOGO_CHANNEL, {
      onMessage: () => this.invalidate(),
      onLost: (err) => {
        this.log.warn({ err }, 'catálogo: LISTEN connection lost; reading from the database until it is back');
        this.listening = false;
        this.stop = null;
        this.invalidate();
      },
    })
      .then(async (stop) => {
        if (this.closed) return stop();
        this.stop = stop;
        this.listening = true;
      })
      .catch((err: unknown) => {
        this.retryAt = Date.now() + RETRY_MS;
        this.log.warn({ err }, 'catálogo: LISTEN failed; reading from the database');
      })
      .finally(() => {
        this.starting = null;
      });
  }
}
