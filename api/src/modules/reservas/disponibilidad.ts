import type { PGlite } from '@electric-sql/pglite';
import type { DisponibilidadAsientos, DisponibilidadGeneral } from '@taquilla/shared/schemas/reservas';
import type { EstadoAsiento } from '@taquilla/shared/schemas/catalog';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db, DbOrTx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { FREE_PLACE } from '../inventory/availability-repository';

/**
 * Live availability across API processes. Writers call `publishChanges` inside the transaction
 * that changed the places: PostgreSQL delivers a NOTIFY only at commit (never for a rolled-back
 * hold) and in commit order, so every process's listeners see the same sequence. PGlite is one
 * process, and its `listen` gives the same semantics in-process.
 */
export const CHANNEL = 'disponibilidad';

/** NOTIFY payloads must stay under 8,000 bytes: ~35 bytes per seat → at most 100 per message. */
const SEATS_PER_MESSAGE = 100;

/** What travels on the channel (internal; clients get the shared DTOs). */
interface Change {
  e: number;
  s: number;
  /** Seats: [id, estado] pairs. */
  a?: [number, EstadoAsiento][];
  /** A general section changed: each process re-counts it (a count taken inside the writer's transaction could arrive out of order). */
  g?: 1;
}

export interface PlaceChanges {
  asientos?: { id: number; seccionId: number; estado: EstadoAsiento }[];
  generales?: number[];
}

export async function publishChanges(tx: DbOrTx, eventoId: number, changes: PlaceChanges): Promise<void> {
  const payloads: string[] = [];
  const bySeccion = new Map<number, [number, EstadoAsiento][]>();
  for (const a of changes.asientos ?? []) {
    let list = bySeccion.get(a.seccionId);
    if (!list) bySeccion.set(a.seccionId, (list = []));
    list.push([a.id, a.estado]);
  }
  for (const [s, list] of bySeccion) {
    for (let i = 0; i < list.length; i += SEATS_PER_MESSAGE) payloads.push(JSON.stringify({ e: eventoId, s, a: list.slice(i, i + SEATS_PER_MESSAGE) } satisfies Change));
  }
  for (const s of new Set(changes.generales ?? [])) payloads.push(JSON.stringify({ e: eventoId, s, g: 1 } satisfies Change));
  if (payloads.length === 0) return;
  await tx.execute(sql`select ${sql.join(payloads.map((p) => sql`pg_notify(${CHANNEL}, ${p})`), sql`, `)}`);
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
    const client = (this.db as unknown as { $client: unknown }).$client;
    if (this.kind === 'pglite') {
      const unlisten = await (client as PGlite).listen(CHANNEL, (payload) => this.dispatch(payload));
      this.stopListening = unlisten;
      return;
    }
    const pool = client as pg.Pool;
    const conn = new pg.Client({ ...(pool.options as pg.ClientConfig) });
    conn.on('notification', (msg) => {
      if (msg.channel === CHANNEL && msg.payload) this.dispatch(msg.payload);
    });
    conn.on('error', (err) => {
      this.log.warn({ err }, 'disponibilidad: LISTEN connection lost; reconnecting');
      this.started = null;
      this.stopListening = null;
      conn.end().catch(() => {});
      if (!this.closed && this.listeners.size > 0) setTimeout(() => this.start().catch(() => {}), 1000).unref();
    });
    await conn.connect();
    await conn.query(`listen ${CHANNEL}`);
    this.stopListening = () => conn.end();
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
