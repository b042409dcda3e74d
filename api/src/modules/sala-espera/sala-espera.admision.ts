import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { eventoAsientos, eventoLugaresGenerales } from '../../db/schema/inventory';
import { salaEsperaLugares, salasEspera } from '../../db/schema/waiting-room';
import { FREE_PLACE } from '../reservas/disponibilidad.repository';
import { numberSequence } from './sala-espera.repository';

/** Free places of the event: numbered and general, on sale, with no live hold (one statement). */
async function freePlaces(tx: DbOrTx, eventoId: number): Promise<number> {
  const counts = await tx
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(eventoAsientos)
    .where(and(eq(eventoAsientos.eventoId, eventoId), FREE_PLACE))
    .unionAll(
      tx
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(eventoLugaresGenerales)
        .where(and(eq(eventoLugaresGenerales.eventoId, eventoId), FREE_PLACE)),
    );
  return counts.reduce((sum, r) => sum + r.n, 0);
}

/** What one admission tick did on one event (for logs and tests). */
export interface TickResult {
  eventoId: number;
  sorteados: number;
  admitidos: number;
  expirados: number;
  agotados: number;
}

/** Most buyers let in by one tick of one event in automatic mode (a burst the database can take). */
const MAX_AUTOMATICO_POR_TICK = 200;

/** Places of the event in one state, as a condition. */
const lugaresEn = (eventoId: number, estado: (typeof salaEsperaLugares.$inferSelect)['estado']) =>
  and(eq(salaEsperaLugares.eventoId, eventoId), eq(salaEsperaLugares.estado, estado));

/**
 * One admission step for one event, run by one process at a time (a transaction-scoped advisory
 * lock per event; a process that finds it taken skips the event this tick):
 * 1. at the start, the places taken before it get a random order (one UPDATE, row_number over random());
 * 2. passes past their expiry end; each one that was never used gives its turn to the next in line;
 * 3. sold out (no free place: all sold or held): everybody still waiting is told 'agotado', keeping their
 *    number, and waits again if places come back (a hold expires or is cancelled);
 * 4. otherwise the rate's credit for the time since the last tick (or, automatic, the free places
 *    not yet covered by live passes) admits the next numbers in line.
 */
export async function tickSala(db: Db, eventoId: number, paseMinutos: number): Promise<TickResult | null> {
  return db.transaction(async (tx) => {
    const [locked] = await queryRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(7461, ${eventoId}) as ok`);
    if (!locked?.ok) return null;
    // clock_timestamp(), not now(): this transaction may have begun before another process's tick committed.
    const [row] = await tx
      .select({
        inicio: salasEspera.inicio,
        ritmoPorMinuto: salasEspera.ritmoPorMinuto,
        pausada: salasEspera.pausada,
        credito: salasEspera.credito,
        ultimoTick: salasEspera.ultimoTick,
        agotadoEn: salasEspera.agotadoEn,
        sorteada: salasEspera.sorteada,
        admitidosHasta: salasEspera.admitidosHasta,
        ahora: sql`clock_timestamp()`.mapWith(salasEspera.inicio),
        empezada: sql<boolean>`clock_timestamp() >= ${salasEspera.inicio}`,
      })
      .from(salasEspera)
      .where(eq(salasEspera.eventoId, eventoId))
      .for('update');
    if (!row?.empezada) return null;
    const out: TickResult = { eventoId, sorteados: 0, admitidos: 0, expirados: 0, agotados: 0 };
    if (!row.sorteada) {
      // The draw: everybody who joined before the start, in a random order, numbered 1..n; the sequence goes on from n.
      const sorteo = tx.$with('sorteo').as(
        tx
          .select({ id: salaEsperaLugares.id, n: sql<number>`row_number() over (order by random())`.mapWith(Number).as('n') })
          .from(salaEsperaLugares)
          .where(and(eq(salaEsperaLugares.eventoId, eventoId), isNull(salaEsperaLugares.numero))),
      );
      const drawn = await tx
        .with(sorteo)
        .update(salaEsperaLugares)
        .set({ numero: sql`${sorteo.n}` })
        .from(sorteo)
        .where(eq(salaEsperaLugares.id, sorteo.id))
        .returning({ n: sorteo.n });
      out.sorteados = drawn.length;
      // A sequence is no table: setval is a function call.
      await tx.execute(sql`select setval('${numberSequence(eventoId)}', ${Math.max(1, drawn.length)}::bigint, ${drawn.length > 0}::boolean)`);
    } else {
      // A join that read the room just before the draw committed its place without a number: it gets the next ones.
      const late = await tx
        .update(salaEsperaLugares)
        .set({ numero: sql`nextval('${numberSequence(eventoId)}')` })
        .where(and(lugaresEn(eventoId, 'esperando'), isNull(salaEsperaLugares.numero)))
        .returning({ id: salaEsperaLugares.id });
      out.sorteados = late.length;
    }
    // Passes past their expiry: an unused one ('admitido', never taken to a hold) gives its turn to the next in line.
    const expire = (estado: 'admitido' | 'usado') =>
      tx
        .update(salaEsperaLugares)
        .set({ estado: 'expirado' })
        .where(and(lugaresEn(eventoId, estado), lte(salaEsperaLugares.paseExpiraEn, sql`now()`)))
        .returning({ id: salaEsperaLugares.id });
    const unused = await expire('admitido');
    const used = await expire('usado');
    out.expirados = unused.length + used.length;
    const unusedExpired = unused.length;
    const libres = await freePlaces(tx, eventoId);
    const ahora = row.ahora;
    const last = row.ultimoTick ?? row.inicio;
    let credito = row.credito;
    let agotadoEn: Date | null = row.agotadoEn;
    let admitir = 0;
    if (libres === 0) {
      // Nothing left to sell now (every place sold or under a hold): everybody still waiting is told, keeping their number.
      const told = await tx
        .update(salaEsperaLugares)
        .set({ estado: 'agotado' })
        .where(lugaresEn(eventoId, 'esperando'))
        .returning({ id: salaEsperaLugares.id });
      out.agotados = told.length;
      agotadoEn ??= ahora;
      credito = 0;
    } else {
      if (agotadoEn) {
        // Places came back (holds expired or were cancelled): those told 'agotado' wait again with the number they had.
        await tx.update(salaEsperaLugares).set({ estado: 'esperando' }).where(lugaresEn(eventoId, 'agotado'));
        agotadoEn = null;
      }
      if (row.pausada) {
        // Paused: nobody is let in and no credit builds up.
      } else if (row.ritmoPorMinuto === null) {
        const [live] = await tx
          .select({ vivos: sql<number>`count(*)::int`.mapWith(Number) })
          .from(salaEsperaLugares)
          .where(
            and(
              eq(salaEsperaLugares.eventoId, eventoId),
              inArray(salaEsperaLugares.estado, ['admitido', 'usado']),
              gt(salaEsperaLugares.paseExpiraEn, sql`now()`),
            ),
          );
        admitir = Math.min(MAX_AUTOMATICO_POR_TICK, Math.max(0, libres - live!.vivos));
        credito = 0;
      } else {
        credito += (row.ritmoPorMinuto * Math.max(0, ahora.getTime() - last.getTime())) / 60_000 + unusedExpired;
        admitir = Math.floor(credito);
      }
    }
    let admitidosHasta = row.admitidosHasta;
    if (admitir > 0) {
      const next = tx
        .select({ id: salaEsperaLugares.id })
        .from(salaEsperaLugares)
        .where(and(lugaresEn(eventoId, 'esperando'), isNotNull(salaEsperaLugares.numero)))
        .orderBy(asc(salaEsperaLugares.numero))
        .limit(admitir);
      const admitted = await tx
        .update(salaEsperaLugares)
        .set({ estado: 'admitido', admitidoEn: sql`now()`, paseExpiraEn: sql`now() + make_interval(secs => ${Math.round(paseMinutos * 60)})` })
        .where(inArray(salaEsperaLugares.id, next))
        .returning({ numero: salaEsperaLugares.numero });
      out.admitidos = admitted.length;
      for (const a of admitted) admitidosHasta = Math.max(admitidosHasta, Number(a.numero));
      if (row.ritmoPorMinuto !== null) credito -= admitted.length;
      // Nobody left to let in: the unspent credit is not saved up for a burst later (at most one buyer's worth).
      if (admitted.length < admitir) credito = Math.min(credito, 1);
    }
    await tx.update(salasEspera).set({ sorteada: true, admitidosHasta, credito, ultimoTick: ahora, agotadoEn }).where(eq(salasEspera.eventoId, eventoId));
    return out;
  });
}

/** Events whose waiting room has started and is not sold out for good (the admission job's work list). */
export async function activeSalas(db: DbOrTx): Promise<number[]> {
  const rows = await db.select({ eventoId: salasEspera.eventoId }).from(salasEspera).where(lte(salasEspera.inicio, sql`now() + interval '2 seconds'`));
  return rows.map((r) => r.eventoId);
}
