import type { DisponibilidadAsientos, DisponibilidadGeneral } from '@taquilla/shared/schemas/reservas';
import type { EstadoAsiento } from '@taquilla/shared/schemas/catalog';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { listenChannel } from '../../db/listen';
import { queryRows } from '../../db/rows';
import { FREE_PLACE } from '../inventory/availability.repository';

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
export const CHANNEL = 'disponibilidad';

/** NOTIFY payloads must stay under 8,000 bytes: ~35 bytes per seat → at most 100 per message. */
const SEATS_PER_MESSAGE = 100;
const PUBLISH_DELAY_MS = 25;
/** After a failed batch the next waits twice as long as the last, up to this. */
const RETRY_MAX_MS = 5_000;
/** Advisory lock key ('taqd'): batches of all processes read and commit one after another. */
const PUBLISH_LOCK = 0x74617164;

/** What travels on the channel (internal; clients get the shared DTOs). */
interface Change {
  e: number;
  s: number;
  /** Seats: [id, estado] pairs. */
  a?: [number, EstadoAsiento][];
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
        await tx.execute(sql`
          select pg_notify(${CHANNEL}, json_build_object('e', evento_id, 's', seccion_id, 'a', json_agg(json_build_array(id, estado) order by id))::text)
            from (select id, evento_id, seccion_id,
                         case when estado = 'disponible' and hold_expires_at > now() then 'reservado' else estado end as estado,
                         (row_number() over (partition by evento_id, seccion_id order by id) - 1) / ${SEATS_PER_MESSAGE} as chunk
                    from evento_asientos where id = any (${`{${seats.join(',')}}`}::int[])) s
           group by evento_id, seccion_id, chunk`);
      }
      if (generales.length > 0) {
        const payloads = generales.map((g) => JSON.stringify({ e: g.eventoId, s: g.seccionId, g: 1 } satisfies Change));
        await tx.execute(sql`select ${sql.join(payloads.map((p) => sql`pg_notify(${CHANNEL}, ${p})`), sql`, `)}`);
      }
    });
  }
}

const publishers = new WeakMap<Db, DisponibilidadPublisher>();

/**
 * The process's publisher for this database (registered by the reservas module). Other
 * modules announce their committed changes through it, e.g. checkout after a sale:
 * `disponibilidadPublisher(app.db)?.queue({ asientos: soldSeatIds, generales: [{ eventoId, seccionId }] })`.
 */
export function disponibilidadPublisher(db: Db): DisponibilidadPublisher | undefined {
  return publishers.get(db);
}

export function registerDisponibilidadPublisher(db: Db, publisher: DisponibilidadPublisher): void {
  publishers.set(db, publisher);
}

export type AvailabilityEvent = { event: 'asientos'; data: DisponibilidadAsientos } | { event: 'general'; data: DisponibilidadGeneral };
type Listener = (e: AvailabilityEvent) => void;

/** How often one process re-counts a busy general section for its open streams. */
const GENERAL_RECOUNT_MS = 150;

/**
 * One LISTEN connection per process, fanned out to the open streams of each event. The
 * connection opens with the first subscriber and reconnects after a failure.
 */
export class DisponibilidadHub {
  private readonly listeners = new Map<number, Set<Listener>>();
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
        if (!this.closed && this.listeners.size > 0) setTimeout(() => this.start().catch(() => {}), 1000).unref();
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
    const set = this.listeners.get(change.e);
    if (!set) return;
    if (change.a) {
      const event: AvailabilityEvent = { event: 'asientos', data: { seccionId: change.s, asientos: change.a.map(([id, estado]) => ({ id, estado })) } };
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

export async function countGeneralFree(db: DbOrTx, eventoId: number, seccionId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from evento_lugares_generales where evento_id = ${eventoId} and seccion_id = ${seccionId} and ${FREE_PLACE}`,
  );
  return Number(row?.n ?? 0);
}
