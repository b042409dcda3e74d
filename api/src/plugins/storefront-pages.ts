import type { FastifyBaseLogger } from 'fastify';
import { KeptCopies } from '../lib/kept-copies';
import { precompress, type Precompressed } from '../lib/precompressed';
import type { CatalogoSignal } from '../modules/catalog/catalogo.signal';
import type { DisponibilidadHub } from '../modules/reservas/disponibilidad.notify';

/** Pages kept per process (the least recently built go first): landing pages of events, and one for every other route. */
const KEPT = 1_000;
/** An upper bound on a page's age (index.html is read again then too). */
const MAX_AGE_MS = 60_000;
/**
 * An event's information page inlines its sections' free counts: after an availability change
 * the page kept is served while one request rebuilds it, at most once per this interval.
 */
const REBUILD_EVERY_MS = 1_000;

const INFORMACION = /^\/eventos\/informacion\/(\d{1,9})\/?$/;

interface Entry {
  page: Precompressed;
  builtAt: number;
  /** The registry it was built with (its text): another one means a release or a rollback. */
  registry: string | undefined;
  /** The catalogue's generation when its build started. */
  catalogo: number;
  /** Availability changed since (information pages only): rebuild in the background. */
  stale: boolean;
  eventoId: number | null;
}

export interface LandingPageSource {
  /** The registry's text now (cheap: the origin keeps it in memory). */
  registry(): Promise<string | undefined>;
  /** The page's HTML, built afresh (index.html, registry, manifests, the first API answers). */
  build(): Promise<string>;
}

/**
 * The storefront's HTML per page, built once and sent from memory: compressed once (brotli +
 * gzip) with a weak ETag. A page is built again when the registry's text differs from the one it
 * was built with (a release or rollback), after any catalogue announcement (the same
 * 'catalogo' notifications as the listing's cache), after MAX_AGE_MS, and — for an event's
 * information page, which inlines its sections' counts — after an availability change of that
 * event (in the background, the page kept served meanwhile). Nothing is kept while the
 * 'catalogo' channel is not heard, nor an information page while the availability one is not.
 */
export class LandingPages {
  private readonly entries = new KeptCopies<Entry>(KEPT);
  private watching: Promise<void> | null = null;
  private watched = false;
  private unwatch: (() => void) | null = null;
  /** Availability changes heard per event: a build that saw the count move keeps its page stale. */
  private readonly changes = new Map<number, number>();

  constructor(
    private readonly catalogo: CatalogoSignal,
    private readonly hub: () => DisponibilidadHub | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** `key`: what makes pages differ (the landing path, the public URL of the config). */
  async get(key: string, pathname: string, source: LandingPageSource): Promise<Precompressed> {
    const eventoId = Number(INFORMACION.exec(pathname)?.[1] ?? 0) || null;
    const keep = this.keepable(eventoId);
    const registry = await source.registry();
    const entry = keep ? this.entries.get(key) : undefined;
    const now = Date.now();
    if (entry && entry.registry === registry && entry.catalogo === this.catalogo.generation && now - entry.builtAt < MAX_AGE_MS) {
      if (entry.stale && !this.entries.inFlight(key) && now - entry.builtAt >= REBUILD_EVERY_MS) {
        void this.build(key, eventoId, registry, source).catch((err) => this.log.warn({ err, pathname }, 'storefront: rebuilding a page failed'));
      }
      return entry.page;
    }
    return this.entries.inFlight<Precompressed>(key) ?? this.build(key, eventoId, registry, source);
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
      this.changes.set(e, (this.changes.get(e) ?? 0) + 1);
      for (const [, entry] of this.entries.all()) if (entry.eventoId === e) entry.stale = true;
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

  private build(key: string, eventoId: number | null, registry: string | undefined, source: LandingPageSource): Promise<Precompressed> {
    const catalogo = this.catalogo.generation;
    const changes = eventoId === null ? 0 : (this.changes.get(eventoId) ?? 0);
    const keep = this.keepable(eventoId);
    const promise = (async () => {
      const page = await precompress(await source.build());
      if (keep && this.keepable(eventoId)) {
        this.entries.set(key, { page, builtAt: Date.now(), registry, catalogo, stale: eventoId !== null && this.changes.get(eventoId) !== changes, eventoId });
      }
      return page;
    })();
    return this.entries.track(key, promise);
  }
}
