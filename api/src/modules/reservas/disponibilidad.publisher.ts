import type { EstadoAsiento } from '@taquilla/shared/schemas/catalogo';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';

/**
 * Live availability across API processes, the sending side. Writers queue what they changed
 * once their transaction has committed; each process's publisher sends it on the PostgreSQL
 * channel in one batch every PUBLISH_DELAY_MS, reading the seats' state at that moment, and
 * every process's hub (disponibilidad.hub.ts) fans it out to its open streams. PGlite is one
 * process, and its `listen` gives the same semantics in-process.
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
export const PUBLISH_LOCK = 0x74617164;

/** What travels on the channel (the hub reads it; clients get the shared DTOs). */
export interface Change {
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
