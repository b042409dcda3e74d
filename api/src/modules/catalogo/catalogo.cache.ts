import { createHash } from 'node:crypto';
import type { CatalogoSignal } from './catalogo.signal';

/** An upper bound on a copy's age, should a LISTEN connection die without a word. */
const MAX_AGE_MS = 60_000;

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
 * category, artist, venue and city names they show) — never seat or place state. Each API
 * process hears the 'catalogo' channel (CatalogoSignal) and drops its copy on every
 * announcement, so a change committed by any process (or by hand in psql) is served everywhere
 * as soon as the notification lands. A copy is kept only while listening, and only if no
 * announcement arrived while it was being read; it also lapses at `validUntil(value)` (the
 * listing's soonest event starting) and after MAX_AGE_MS. Its ETag is hashed once per copy,
 * not once per request.
 */
export class CatalogoCache<T> {
  private entry: Entry<T> | null = null;
  private loading: { generation: number; promise: Promise<Cached<T>> } | null = null;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly signal: CatalogoSignal,
    private readonly load: () => Promise<T>,
    private readonly validUntil: (value: T) => number,
  ) {
    this.unsubscribe = signal.subscribe(() => {
      this.entry = null;
    });
  }

  async get(): Promise<Cached<T>> {
    if (this.entry && Date.now() < this.entry.expiresAt) return this.entry;
    if (!this.signal.listening) void this.signal.ensure();
    const generation = this.signal.generation;
    if (this.loading?.generation === generation) return this.loading.promise;
    const keep = this.signal.listening;
    const startedAt = Date.now();
    const promise = this.load().then((value) => {
      const cached = { value, etag: etagOf(value) };
      if (keep && this.signal.listening && generation === this.signal.generation) {
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

  close(): void {
    this.unsubscribe();
    this.entry = null;
  }

  private clearLoading(promise: Promise<Cached<T>>): void {
    if (this.loading?.promise === promise) this.loading = null;
  }
}
