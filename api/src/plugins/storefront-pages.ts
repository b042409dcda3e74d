import type { FastifyBaseLogger } from 'fastify';
import { KeptCopies } from '../lib/kept-copies';
import { precompress, type Precompressed } from '../lib/precompressed';
import type { CatalogoSignal } from '../modules/catalogo/catalogo.signal';
import type { DisponibilidadHub } from '../modules/reservas/disponibilidad.hub';

/** Pages kept per process (the least recently built go first): landing pages of events, and one for every other route. */
const KEPT = 1_000;
/** An upper bound on a page's age (index.html is read again then too). */
const MAX_AGE_MS = 60_000;
/**
 * An event's information page inlines its sections' free counts, a seat page its section's seats:
 * after an availability change the page kept is served while one request rebuilds it, at most
 * once per this interval…
 */
const REBUILD_EVERY_MS = 1_000;
/**
 * …but only for this long after the change: a page asked for later than that (a quiet event's
 * page, asked a minute after a hold) waits for its rebuild instead of showing a minute-old map.
 * As long as a short CDN max-age: the live stream brings the rest.
 */
const SERVE_STALE_MS = 2_000;

interface Entry {
  page: Precompressed;
  builtAt: number;
  /** The registry it was built with (its text): another one means a release or a rollback. */
  registry: string | undefined;
  /** The catalogue's generation when its build started. */
  catalogo: number;
  /** Availability changed since (pages carrying an event's availability only): rebuild in the background. */
  stale: boolean;
  /** When the first change it does not show was heard (0 while not stale). */
  staleSince: number;
  /** The event whose availability the page carries (its remotes' declarations say which answer does). */
  eventoId: number | null;
}

export interface LandingPageSource {
  /** The registry's text now (cheap: the origin keeps it in memory). */
  registry(): Promise<string | undefined>;
  /** The page built afresh (index.html, registry, manifests, the first API answers) and the event whose availability it carries. */
  build(): Promise<{ html: string; live: number | null }>;
}

/**
 * The storefront's HTML per page, built once and sent from memory: compressed once (brotli +
 * gzip) with a weak ETag. A page is built again when the registry's text differs from the one it
 * was built with (a release or rollback), after any catalogue announcement (the same
 * 'catalogo' notifications as the listing's cache), after MAX_AGE_MS, and — for a page whose
 * answers carry an event's availability (an information page's section counts, a seat page's
 * seats, as its remotes declare) — after an availability change of that event (in the
 * background, the page kept served meanwhile for at most SERVE_STALE_MS). Nothing is kept while the 'catalogo' channel is not heard, nor a page
 * carrying availability while the availability one is not.
 */
export class LandingPages {
  private readonly entries = new KeptCopies<Entry>(KEPT);
  private watching: Promise<void> | null = null;
  private watched = false;
  private unwatch: (() => void) | null = null;
  /** Availability changes heard: a sequence, and per event the last one's number (a build that saw its event move keeps its page stale). */
  private changeSeq = 0;
  private readonly lastChange = new Map<number, number>();

  constructor(
    private readonly catalogo: CatalogoSignal,
    private readonly hub: () => DisponibilidadHub | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** `key`: what makes pages differ (the landing path, the public URL of the config). */
  async get(key: string, source: LandingPageSource): Promise<Precompressed> {
    const registry = await source.registry();
    const entry = this.entries.get(key);
    const now = Date.now();
    if (
      entry &&
      this.keepable(entry.eventoId) &&
      entry.registry === registry &&
      entry.catalogo === this.catalogo.generation &&
      now - entry.builtAt < MAX_AGE_MS
    ) {
      if (entry.stale && now - entry.staleSince > SERVE_STALE_MS) return this.entries.inFlight<Precompressed>(key) ?? this.build(key, registry, source);
      if (entry.stale && !this.entries.inFlight(key) && now - entry.builtAt >= REBUILD_EVERY_MS) {
        void this.build(key, registry, source).catch((err) => this.log.warn({ err, key }, 'storefront: rebuilding a page failed'));
      }
      return entry.page;
    }
    return this.entries.inFlight<Precompressed>(key) ?? this.build(key, registry, source);
  }

  close(): void {
    this.unwatch?.();
    this.entries.clear();
  }

  /** May a page be kept: the catalogue is heard, and for an event's page its availability too (starting both). */
  private keepable(eventoId: number | null): boolean {
    if (!this.catalogo.listening) void this.catalogo.ensure();
    if (!this.watched && !this.watching) this.watch();
    return this.catalogo.listening && (eventoId === null || this.watched);
  }

  private watch(): void {
    const hub = this.hub();
    if (!hub) return;
    const touched = (e: number) => {
      this.lastChange.set(e, ++this.changeSeq);
      for (const [, entry] of this.entries.all()) {
        if (entry.eventoId !== e || entry.stale) continue;
        entry.stale = true;
        entry.staleSince = Date.now();
      }
    };
    this.watching = hub
      .watch({
        onSeats: touched,
        onGeneral: touched,
        onLost: () => {
          this.watched = false;
          this.unwatch = null;
          for (const [key, entry] of [...this.entries.all()]) if (entry.eventoId !== null) this.entries.delete(key);
        },
      })
      .then((unwatch) => {
        this.unwatch = unwatch;
        this.watched = true;
      })
      .catch((err: unknown) => this.log.warn({ err }, 'storefront: cannot hear availability; event pages are built on every request'))
      .finally(() => {
        this.watching = null;
      });
  }

  private build(key: string, registry: string | undefined, source: LandingPageSource): Promise<Precompressed> {
    const catalogo = this.catalogo.generation;
    const seq = this.changeSeq;
    const startedAt = Date.now();
    // Kept only if what could make it stale was heard from before the build started.
    const hearing = this.keepable(null);
    const watchedBefore = this.watched;
    const promise = (async () => {
      const built = await source.build();
      const page = await precompress(built.html);
      const eventoId = built.live;
      if (hearing && this.keepable(eventoId) && (eventoId === null || watchedBefore)) {
        const stale = eventoId !== null && (this.lastChange.get(eventoId) ?? 0) > seq;
        this.entries.set(key, { page, builtAt: Date.now(), registry, catalogo, stale, staleSince: stale ? startedAt : 0, eventoId });
      }
      return page;
    })();
    return this.entries.track(key, promise);
  }
}
