import type { DisponibilidadAsientos, DisponibilidadGeneral, DisponibilidadRecargar } from '@taquilla/shared/schemas/reservas';
import type { EstadoAsiento } from '@taquilla/shared/schemas/catalogo';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { listenChannel } from '../../db/listen';
import { queryRows } from '../../db/rows';
import { FREE_PLACE } from './disponibilidad.repository';

/**
 * Live availability across API processes. Writers queue what they changed once their
 * transaction has committed; each process's publisher sends it on the PostgreSQL channel in
 * one batch every PUBLISH_DELAY_MS, reading the seats' state at that moment, and every
 * process's hub fans it out to its open streams. PGlite is one process, and its `listen` gives
 * the same semantics in-process.
 *
 * Why not NOTIFY inside the hold's transaction: PostgreSQL serialises the commits of
 * notifying transactions (one global lock held through the WAL flush), so every hold would
 * wait for every other hold's fsync — measured with bench:holds, it capped holds at about one
 * per fsync. Batching keeps that to one small commit per process per batch.
 */
const CHANNEL = 'disponibilidad';

/** NOTIFY payloads must stay under 8,000 bytes: ~35 bytes per seat → at most 100 per message. */
const SEATS_PER_MESSAGE = 100;
const PUBLISH_DELAY_MS = 25;
/** After a failed batch the next waits twice as long as the last, up to this. */
const RETRY_MAX_MS = 5_000;
/** Advisory lock key ('taqd'): batches of all processes read and commit one after another. */
export const PUBLISH_LOCK = 0x74617164;

/** What travels on the channel (internal; clients get the shared DTOs). */
interface Change {
  e: number;
  s: number;
  /** Seats: [id, estado] pairs. */
  a?: [number, EstadoAsiento][];
  /** With `a`: the section's version these states make (seccion_versiones). */
  v?: number;
  /** A general section changed: each process re-counts it for its streams. */
  g?: 1;
}

export interface PlaceChanges {
  /** Seat ids whose state changed (any event: seat ids are unique). */
  asientos?: number[];
  /** General sections whose free count changed. */
  generales?: { eventoId: number; seccionId: number }[];
}

/**
 * Collects committed changes and announces them in batches. Each batch takes an advisory lock
 * before reading the seats' state, so batches from different processes read and commit in the
 * same order: the last message about a seat always carries its newest state. A batch that fails
 * (the database down, or every connection busy for DB_POOL_WAIT_MS) is queued again with the
 * changes that arrive meanwhile and sent after a growing delay: a batch reads the seats' state
 * when it runs, so sending it late is sending the truth.
 */
export class DisponibilidadPublisher {
  private seats = new Set<number>();
  private generales = new Map<string, { eventoId: number; seccionId: number }>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  private closing = false;
  /** Batches failed in a row (0 after a success). */
  private failures = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Call after the change committed. */
  queue(changes: PlaceChanges): void {
    if (this.closed) return;
    for (const id of changes.asientos ?? []) this.seats.add(id);
    for (const g of changes.generales ?? []) this.generales.set(`${g.eventoId}:${g.seccionId}`, g);
    if (!this.timer && (this.seats.size > 0 || this.generales.size > 0)) {
      const delay = this.failures === 0 ? PUBLISH_DELAY_MS : Math.min(PUBLISH_DELAY_MS * 2 ** this.failures, RETRY_MAX_MS);
      this.timer = setTimeout(() => void this.flush(), delay);
    }
  }

  /** Sends what is queued now (also waits for a batch in flight). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // biome-ignore lint/nursery/noMisusedPromises: `running` is the pass in flight or null; waiting while there is one is the point
    while (this.running) await this.running;
    const seats = [...this.seats];
    const generales = [...this.generales.values()];
    this.seats.clear();
    this.generales.clear();
    if (seats.length === 0 && generales.length === 0) return;
    this.running = this.send(seats, generales)
      .then(() => {
        this.failures = 0;
      })
      .catch((err) => {
        this.failures++;
        this.log.warn({ err, fallos: this.failures }, 'disponibilidad: publish failed; the batch is queued again');
        if (!this.closing) this.queue({ asientos: seats, generales });
      })
      .finally(() => {
        this.running = null;
      });
    await this.running;
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.flush();
    this.closed = true;
  }

  private async send(seats: number[], generales: { eventoId: number; seccionId: number }[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${PUBLISH_LOCK})`);
      if (seats.length > 0) {
        // One statement: the seats' state now, one version bump per section they are in, and
        // the messages, each carrying the version it makes (chunks of a section share it).
        await tx.execute(sql`
          with s as (
                 select id, evento_id, seccion_id,
                        case when estado = 'disponible' and hold_expires_at > now() then 'reservado' else estado end as estado,
                        (row_number() over (partition by evento_id, seccion_id order by id) - 1) / ${SEATS_PER_MESSAGE} as chunk
                   from evento_asientos where id = any (${`{${seats.join(',')}}`}::int[])),
               v as (
                 insert into seccion_versiones (evento_id, seccion_id, version)
                 select distinct evento_id, seccion_id, 1 from s
                 on conflict (evento_id, seccion_id) do update set version = seccion_versiones.version + 1
                 returning evento_id, seccion_id, version)
          select pg_notify(${CHANNEL}, json_build_object('e', s.evento_id, 's', s.seccion_id, 'v', v.version, 'a', json_agg(json_build_array(s.id, s.estado) order by s.id))::text)
            from s join v on v.evento_id = s.evento_id and v.seccion_id = s.seccion_id
           group by s.evento_id, s.seccion_id, v.version, s.chunk`);
      }
      if (generales.length > 0) {
        const payloads = generales.map((g) => JSON.stringify({ e: g.eventoId, s: g.seccionId, g: 1 } satisfies Change));
        await tx.execute(
          sql`select ${sql.join(
            payloads.map((p) => sql`pg_notify(${CHANNEL}, ${p})`),
            sql`, `,
          )}`,
        );
      }
    });
  }
}

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

async function countGeneralFree(db: DbOrTx, eventoId: number, seccionId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from evento_lugares_generales where evento_id = ${eventoId} and seccion_id = ${seccionId} and ${FREE_PLACE}`,
  );
  return Number(row?.n ?? 0);
}

/** A section's seat-state version (0 before its first change). */
export async function readSeccionVersion(db: DbOrTx, eventoId: number, seccionId: number): Promise<number> {
  const [row] = await queryRows<{ version: string | number }>(
    db,
    sql`select version from seccion_versiones where evento_id = ${eventoId} and seccion_id = ${seccionId}`,
  );
  return Number(row?.version ?? 0);
}
