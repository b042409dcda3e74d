import type { DisponibilidadAsientos, DisponibilidadGeneral, DisponibilidadRecargar } from '@taquilla/shared/schemas/reservas';
import type { EstadoAsiento } from '@taquilla/shared/schemas/catalogo';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { listenChannel } from '../../db/listen';
import { CHANNEL, type Change } from './disponibilidad.publisher';
import { countGeneralFree, readSeccionVersion } from './reservas.repository';

export type AvailabilityEvent =
  | { event: 'asientos'; data: DisponibilidadAsientos }
  | { event: 'general'; data: DisponibilidadGeneral }
  | { event: 'recargar'; data: DisponibilidadRecargar };
type Listener = (e: AvailabilityEvent) => void;

/** Told of every seat change this process hears (the snapshots of seccion-snapshots.ts), and of a lost connection. */
export interface SeatWatcher {
  onSeats(eventoId: number, seccionId: number, version: number): void;
  /** A general section's free count changed. */
  onGeneral?(eventoId: number, seccionId: number): void;
  onLost(): void;
}

/** Versions of a section's deltas each process keeps for streams opened `desde` an older snapshot. */
const HISTORY_VERSIONS = 512;

interface Delta {
  version: number;
  asientos: { id: number; estado: EstadoAsiento }[];
}

/** How often one process re-counts a busy general section for its open streams. */
const GENERAL_RECOUNT_MS = 150;

/**
 * One LISTEN connection per process, fanned out to the open streams of each event and to the
 * seat watchers. The connection opens with the first subscriber or watcher and reconnects after
 * a failure.
 *
 * It also keeps, per section, the last HISTORY_VERSIONS versions of seat deltas it heard, so a
 * stream opened `desde` a snapshot's version gets the changes since then first. Versions of a
 * section are consecutive (one per batch), so what it heard since it started listening has no
 * holes; a lost connection forgets it all.
 */
export class DisponibilidadHub {
  private readonly listeners = new Map<number, Set<Listener>>();
  private readonly watchers = new Set<SeatWatcher>();
  private readonly history = new Map<string, Delta[]>();
  /** Sections' versions as last heard or read while listening (the newest there is). */
  private readonly versions = new Map<string, number>();
  private readonly reading = new Map<string, Promise<number>>();
  private started: Promise<void> | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  private closed = false;
  private readonly pendingGeneral = new Map<string, NodeJS.Timeout>();
  /** Enders of the open streams, so a shutting-down server does not wait on them forever. */
  private readonly streams = new Set<() => void>();

  constructor(
    private readonly db: Db,
    private readonly kind: 'pglite' | 'pg',
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Resolves once changes committed from now on will reach `listener`. Returns the unsubscribe. */
  async subscribe(eventoId: number, listener: Listener): Promise<() => void> {
    let set = this.listeners.get(eventoId);
    if (!set) this.listeners.set(eventoId, (set = new Set()));
    set.add(listener);
    await this.start();
    return () => {
      const current = this.listeners.get(eventoId);
      current?.delete(listener);
      if (current && current.size === 0) this.listeners.delete(eventoId);
    };
  }

  /** Resolves once every seat change committed from now on reaches `watcher`. Returns the unwatch. */
  async watch(watcher: SeatWatcher): Promise<() => void> {
    this.watchers.add(watcher);
    try {
      await this.start();
    } catch (err) {
      this.watchers.delete(watcher);
      throw err;
    }
    return () => this.watchers.delete(watcher);
  }

  /**
   * The section's deltas after version `desde`, in order, for a stream subscribed a moment ago;
   * null when this process does not know them all (older than its window, or heard before it
   * listened): the client must read the snapshot again.
   */
  async since(eventoId: number, seccionId: number, desde: number): Promise<Delta[] | null> {
    const key = `${eventoId}:${seccionId}`;
    const current = await this.currentVersion(key, eventoId, seccionId);
    if (desde >= current) return [];
    const kept = this.history.get(key) ?? [];
    if (kept.length === 0 || kept[0]!.version > desde + 1) return null;
    return kept.filter((d) => d.version > desde);
  }

  /** The section's newest version: heard, or read once while listening (the messages keep it). */
  private currentVersion(key: string, eventoId: number, seccionId: number): Promise<number> {
    const known = this.versions.get(key);
    if (known !== undefined) return Promise.resolve(known);
    let pending = this.reading.get(key);
    if (!pending) {
      pending = readSeccionVersion(this.db, eventoId, seccionId)
        .then((v) => {
          // Only while still listening: otherwise a change may have gone unheard.
          if (this.stopListening) this.versions.set(key, Math.max(v, this.versions.get(key) ?? 0));
          return Math.max(v, this.versions.get(key) ?? 0);
        })
        .finally(() => this.reading.delete(key));
      this.reading.set(key, pending);
    }
    return pending;
  }

  private remember(key: string, version: number, asientos: Delta['asientos']): void {
    let kept = this.history.get(key);
    if (!kept) this.history.set(key, (kept = []));
    const last = kept.at(-1);
    if (last && last.version === version) last.asientos.push(...asientos);
    else kept.push({ version, asientos });
    while (kept.length > 0 && kept[0]!.version <= version - HISTORY_VERSIONS) kept.shift();
    if (version > (this.versions.get(key) ?? 0)) this.versions.set(key, version);
  }

  private forget(): void {
    this.history.clear();
    this.versions.clear();
    for (const w of this.watchers) w.onLost();
  }

  /** Tracks an open stream's ender until it finishes; answers the untrack function. */
  track(end: () => void): () => void {
    this.streams.add(end);
    return () => this.streams.delete(end);
  }

  /** Ends every open stream (the server is closing; EventSource reconnects to another process). */
  endStreams(): void {
    for (const end of [...this.streams]) end();
    this.streams.clear();
  }

  /** Open streams (all events), for tests and diagnostics. */
  get subscriberCount(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.pendingGeneral.values()) clearTimeout(timer);
    this.pendingGeneral.clear();
    this.listeners.clear();
    this.watchers.clear();
    await this.stopListening?.().catch(() => {});
  }

  private start(): Promise<void> {
    if (!this.started) {
      this.started = this.listen().catch((err) => {
        this.started = null;
        throw err;
      });
    }
    return this.started;
  }

  private async listen(): Promise<void> {
    this.stopListening = await listenChannel(this.db, this.kind, CHANNEL, {
      onMessage: (payload) => {
        if (payload) this.dispatch(payload);
      },
      onLost: (err) => {
        this.log.warn({ err }, 'disponibilidad: LISTEN connection lost; reconnecting');
        this.started = null;
        this.stopListening = null;
        this.forget();
        if (!this.closed && (this.listeners.size > 0 || this.watchers.size > 0)) setTimeout(() => this.start().catch(() => {}), 1000).unref();
      },
    });
  }

  private dispatch(payload: string): void {
    let change: Change;
    try {
      change = JSON.parse(payload) as Change;
    } catch {
      return;
    }
    const asientos = change.a?.map(([id, estado]) => ({ id, estado }));
    if (asientos && typeof change.v === 'number') {
      this.remember(`${change.e}:${change.s}`, change.v, asientos);
      for (const w of this.watchers) w.onSeats(change.e, change.s, change.v);
    }
    if (change.g) for (const w of this.watchers) w.onGeneral?.(change.e, change.s);
    const set = this.listeners.get(change.e);
    if (!set) return;
    if (asientos) {
      const event: AvailabilityEvent = {
        event: 'asientos',
        data: { seccionId: change.s, asientos, ...(typeof change.v === 'number' ? { version: change.v } : {}) },
      };
      for (const listener of set) listener(event);
    }
    if (change.g) this.scheduleRecount(change.e, change.s);
  }

  /** Coalesces bursts: one count per section per GENERAL_RECOUNT_MS, sent after the burst's last commit. */
  private scheduleRecount(eventoId: number, seccionId: number): void {
    const key = `${eventoId}:${seccionId}`;
    if (this.pendingGeneral.has(key)) return;
    const timer = setTimeout(() => {
      this.pendingGeneral.delete(key);
      if (this.closed || !this.listeners.has(eventoId)) return;
      countGeneralFree(this.db, eventoId, seccionId)
        .then((disponibles) => {
          const event: AvailabilityEvent = { event: 'general', data: { seccionId, disponibles } };
          for (const listener of this.listeners.get(eventoId) ?? []) listener(event);
        })
        .catch((err) => this.log.warn({ err }, 'disponibilidad: recount failed'));
    }, GENERAL_RECOUNT_MS);
    timer.unref();
    this.pendingGeneral.set(key, timer);
  }
}
