import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FilasPorSeccionResponse } from '@taquilla/shared/schemas/catalogo';
import type { Db } from '../../db/client';
import { KeptCopies } from '../../lib/kept-copies';
import { precompress, type Precompressed } from '../../lib/precompressed';
import type { DisponibilidadHub } from '../reservas/disponibilidad.hub';
import { PUBLISH_LOCK } from '../reservas/disponibilidad.publisher';
import { readSeccionVersion } from '../reservas/reservas.repository';
import { getFilasPorSeccion } from './catalogo.service';
import type { CatalogoSignal } from './catalogo.signal';

/** One section's seat page data as served: its version and the answer compressed once. */
export interface SeccionSnapshot extends Precompressed {
  version: number;
}

type Serialize = (value: FilasPorSeccionResponse) => string;

interface Entry {
  snapshot: SeccionSnapshot;
  builtAt: number;
  /** A change (a newer version, a catalogue change) arrived after it was read. */
  stale: boolean;
}

/**
 * Between two rebuilds of a changed section: meanwhile the previous snapshot is served, which is
 * true as of its version — the client brings it up to date with the deltas of the availability
 * stream (`?seccion=&desde=version`). During an on-sale a hot section changes every publishing
 * batch (25 ms); this keeps it to one database read and one compression per second per process.
 */
const REBUILD_EVERY_MS = 1_000;
/** An upper bound on a snapshot's age, should a notification be missed without the connection dropping. */
const MAX_AGE_MS = 60_000;
/** Sections kept per process (the least recently built go first). */
const KEPT = 500;

/**
 * The seat data of each section (filas_por_seccion) as a shared, versioned snapshot: read from
 * the database once per change, serialised and compressed once, and sent from memory to every
 * buyer with a weak ETag. The version is the section's row in seccion_versiones, read in the
 * same transaction as the seats while holding the availability batches' advisory lock in shared
 * mode: no batch is between reading the seats and committing its version, so every change not
 * in the snapshot is announced with a greater version.
 *
 * Kept only while this process hears both the availability channel (the hub) and the catalogue
 * channel; a change heard marks the section's snapshot stale (rebuilt by the next request, at
 * most every REBUILD_EVERY_MS, the stale one served to the others meanwhile); a lost connection
 * drops them all.
 */
export class SeccionSnapshots {
  private readonly entries = new KeptCopies<Entry>(KEPT);
  /** Newest version heard per section (only while watching). */
  private readonly heard = new Map<string, number>();
  private watching: Promise<void> | null = null;
  private watched = false;
  private unwatch: (() => void) | null = null;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly hub: () => DisponibilidadHub | undefined,
    private readonly catalogo: CatalogoSignal,
  ) {
    this.unsubscribe = catalogo.subscribe(() => {
      for (const [, entry] of this.entries.all()) entry.stale = true;
      if (!catalogo.listening) this.entries.clear();
    });
  }

  /**
   * The section's snapshot (DomainError 404s as getFilasPorSeccion throws them); `serialize` is
   * the route's serialiser (its declared response schema).
   */
  async get(eventoId: number, seccionId: number, serialize: Serialize): Promise<SeccionSnapshot> {
    const key = `${eventoId}:${seccionId}`;
    const live = this.live();
    const entry = live ? this.entries.get(key) : undefined;
    const now = Date.now();
    if (entry && now - entry.builtAt < MAX_AGE_MS) {
      // Stale and built over a second ago: this request rebuilds it and gets the new one; the
      // others meanwhile (and every request within the second) get the stale one.
      if (entry.stale && !this.entries.inFlight(key) && now - entry.builtAt >= REBUILD_EVERY_MS) return this.build(key, eventoId, seccionId, serialize);
      return entry.snapshot;
    }
    return this.entries.inFlight<SeccionSnapshot>(key) ?? this.build(key, eventoId, seccionId, serialize);
  }

  close(): void {
    this.unsubscribe();
    this.unwatch?.();
    this.entries.clear();
  }

  /** True when both channels are heard (starting them if not): only then may a snapshot be kept. */
  private live(): boolean {
    if (!this.catalogo.listening) void this.catalogo.ensure();
    if (!this.watched && !this.watching) {
      const hub = this.hub();
      if (hub) {
        this.watching = hub
          .watch({
            onSeats: (e, s, v) => {
              const key = `${e}:${s}`;
              if (v > (this.heard.get(key) ?? 0)) this.heard.set(key, v);
              const entry = this.entries.get(key);
              if (entry && entry.snapshot.version < v) entry.stale = true;
            },
            onLost: () => {
              this.watched = false;
              this.unwatch = null;
              this.entries.clear();
              this.heard.clear();
            },
          })
          .then((unwatch) => {
            this.unwatch = unwatch;
            this.watched = true;
          })
          .catch((err: unknown) => this.log.warn({ err }, 'filas_por_seccion: cannot hear availability; reading from the database'))
          .finally(() => {
            this.watching = null;
          });
      }
    }
    return this.watched && this.catalogo.listening;
  }

  private build(key: string, eventoId: number, seccionId: number, serialize: Serialize): Promise<SeccionSnapshot> {
    const keep = this.live();
    const catalogo = this.catalogo.generation;
    const promise = (async () => {
      const { version, value } = await this.db.transaction(async (tx) => {
        // Shared: snapshots do not wait for each other, only for a batch between its read and its commit.
        await tx.execute(sql`select pg_advisory_xact_lock_shared(${PUBLISH_LOCK})`);
        const v = await readSeccionVersion(tx, eventoId, seccionId);
        return { version: v, value: await getFilasPorSeccion(tx, eventoId, seccionId) };
      });
      const snapshot: SeccionSnapshot = { version, ...(await precompress(serialize({ ...value, version }), `${version}-`)) };
      if (keep && this.live()) {
        const stale = (this.heard.get(key) ?? 0) > version || this.catalogo.generation !== catalogo;
        this.entries.set(key, { snapshot, builtAt: Date.now(), stale });
      }
      return snapshot;
    })();
    return this.entries.track(key, promise);
  }
}
