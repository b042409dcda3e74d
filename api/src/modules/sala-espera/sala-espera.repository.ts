import { and, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reservas } from '../../db/schema/sales';
import { salaEsperaLugares, salasEspera } from '../../db/schema/waiting-room';

/**
 * The waiting room as a buyer meets it: the join and the reads of the poll and of a pass.
 * Admission is sala-espera.admision.ts, the ops commands and status sala-espera.ops.repository.ts.
 */

/** A waiting room as stored (salas_espera). */
export type Sala = Pick<typeof salasEspera.$inferSelect, 'eventoId' | 'inicio' | 'ritmoPorMinuto' | 'pausada' | 'agotadoEn' | 'sorteada' | 'admitidosHasta'>;

export type Lugar = Pick<typeof salaEsperaLugares.$inferSelect, 'id' | 'numero' | 'estado' | 'paseExpiraEn'>;

const salaColumns = {
  eventoId: salasEspera.eventoId,
  inicio: salasEspera.inicio,
  ritmoPorMinuto: salasEspera.ritmoPorMinuto,
  pausada: salasEspera.pausada,
  agotadoEn: salasEspera.agotadoEn,
  sorteada: salasEspera.sorteada,
  admitidosHasta: salasEspera.admitidosHasta,
};

/** The per-event sequence that numbers the line after the draw (lock-free: joins never wait on one another). */
export const numberSequence = (eventoId: number) => sql.raw(`sala_espera_numero_${Math.trunc(eventoId)}`);

export async function findSala(db: DbOrTx, eventoId: number): Promise<Sala | null> {
  const [row] = await db.select(salaColumns).from(salasEspera).where(eq(salasEspera.eventoId, eventoId));
  return row ?? null;
}

/** A room and, in automatic mode, its admissions in the last 5 minutes (the observed rate, for the estimate). */
export interface SalaVista {
  sala: Sala;
  recientes: number;
}

/** The room as the state answers need it, in one statement. */
export async function findSalaVista(db: DbOrTx, eventoId: number): Promise<SalaVista | null> {
  const [row] = await db
    .select({
      ...salaColumns,
      recientes: sql<number | null>`case when ${salasEspera.ritmoPorMinuto} is null then
               (select count(*)::int from ${salaEsperaLugares} where ${salaEsperaLugares.eventoId} = ${salasEspera.eventoId} and ${salaEsperaLugares.admitidoEn} > now() - interval '5 minutes') end`,
    })
    .from(salasEspera)
    .where(eq(salasEspera.eventoId, eventoId));
  if (!row) return null;
  const { recientes, ...sala } = row;
  return { sala, recientes: Number(recientes ?? 0) };
}

const lugarColumns = {
  id: salaEsperaLugares.id,
  numero: salaEsperaLugares.numero,
  estado: salaEsperaLugares.estado,
  paseExpiraEn: salaEsperaLugares.paseExpiraEn,
};

export async function findLugar(db: DbOrTx, eventoId: number, navegador: string): Promise<Lugar | null> {
  const [row] = await db
    .select(lugarColumns)
    .from(salaEsperaLugares)
    .where(and(eq(salaEsperaLugares.eventoId, eventoId), eq(salaEsperaLugares.navegador, navegador)));
  return row ?? null;
}

/**
 * The numbers the event's places hold now, by place id. After the draw a place's number never
 * changes (the draw numbers everyone who joined before the start once; later joins take the next
 * ones), so a copy of this map stays true for the places in it.
 */
export async function numerosDeLugares(db: DbOrTx, eventoId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: salaEsperaLugares.id, numero: salaEsperaLugares.numero })
    .from(salaEsperaLugares)
    .where(and(eq(salaEsperaLugares.eventoId, eventoId), isNotNull(salaEsperaLugares.numero)));
  return new Map(rows.map((r) => [r.id, r.numero!]));
}

type JoinRefusal = 'RETO_USADO' | 'TOPE_IP' | 'SIN_SALA';
export type JoinResult = { lugar: Lugar; sala: Sala } | { refusal: JoinRefusal };

/**
 * Gives the browser its place, in one statement (`sala_espera_unirse`, src/db/functions/): before
 * the draw the place has no number (the admission job draws them at the start); after it, the
 * next number of the event's sequence. The per-address cap is counted under a transaction lock on
 * that address, and a spent challenge or a second place for the same browser is refused by the
 * unique indexes. A browser that already has a place gets it back. Nothing locks the room's row:
 * 20,000 joins in a minute never queue behind one another. Answers the room too (as read by the join).
 * The function's columns are read through the schema's columns of the same name.
 */
export async function joinLine(db: DbOrTx, p: { eventoId: number; navegador: string; ip: string; reto: string; maxPorIp: number }): Promise<JoinResult> {
  const [r] = await db
    .select({
      rechazo: sql<JoinRefusal | null>`rechazo`,
      id: sql`lugar_id`.mapWith(salaEsperaLugares.id),
      numero: sql`numero`.mapWith(salaEsperaLugares.numero),
      estado: sql<Lugar['estado']>`estado`,
      paseExpiraEn: sql`pase_expira_en`.mapWith(salaEsperaLugares.paseExpiraEn),
      inicio: sql`inicio`.mapWith(salasEspera.inicio),
      ritmoPorMinuto: sql`ritmo_por_minuto`.mapWith(salasEspera.ritmoPorMinuto),
      pausada: sql<boolean>`pausada`,
      agotadoEn: sql`agotado_en`.mapWith(salasEspera.agotadoEn),
      sorteada: sql<boolean>`sorteada`,
      admitidosHasta: sql`admitidos_hasta`.mapWith(salasEspera.admitidosHasta),
    })
    .from(sql`sala_espera_unirse(${p.eventoId}, ${p.navegador}, ${p.ip}, ${p.reto}, ${p.maxPorIp})`);
  if (!r || r.rechazo) return { refusal: r?.rechazo ?? 'SIN_SALA' };
  return {
    lugar: { id: r.id, numero: r.numero, estado: r.estado, paseExpiraEn: r.paseExpiraEn },
    sala: {
      eventoId: p.eventoId,
      inicio: r.inicio,
      ritmoPorMinuto: r.ritmoPorMinuto,
      pausada: r.pausada,
      agotadoEn: r.agotadoEn,
      sorteada: r.sorteada,
      admitidosHasta: r.admitidosHasta,
    },
  };
}

/**
 * A pass is good when its place is admitted (or used by a hold) and not past its expiry. With
 * `extendTo` (a hold is being made with it), it becomes 'usado' and lives at least that long.
 */
export async function checkPass(db: DbOrTx, eventoId: number, lugarId: number, navegador: string, extendToMinutes?: number): Promise<boolean> {
  const good = and(
    eq(salaEsperaLugares.id, lugarId),
    eq(salaEsperaLugares.eventoId, eventoId),
    eq(salaEsperaLugares.navegador, navegador),
    inArray(salaEsperaLugares.estado, ['admitido', 'usado']),
    gt(salaEsperaLugares.paseExpiraEn, sql`now()`),
  );
  const rows = extendToMinutes
    ? await db
        .update(salaEsperaLugares)
        .set({
          estado: 'usado',
          paseExpiraEn: sql`greatest(${salaEsperaLugares.paseExpiraEn}, now() + make_interval(secs => ${Math.round(extendToMinutes * 60)}))`,
        })
        .where(good)
        .returning({ id: salaEsperaLugares.id })
    : await db.select({ id: salaEsperaLugares.id }).from(salaEsperaLugares).where(good);
  return rows.length > 0;
}

/** The event a hold belongs to (checkout of a queued event needs that event's pass). */
export async function eventoDeReserva(db: DbOrTx, reservaId: string): Promise<number | null> {
  const [row] = await db.select({ eventoId: reservas.eventoId }).from(reservas).where(eq(reservas.id, reservaId));
  return row ? row.eventoId : null;
}
