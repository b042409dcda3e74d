import type { DbOrTx } from '../../db/client';
import { findSalaVista, numerosDeLugares } from './sala-espera.repository';

/**
 * Per database and event, a value read at most once per `ms` in this process: callers asking
 * meanwhile share the read, a failed read is not kept (the next caller reads again), and ids a
 * client made up leave copies behind only until a thousand events are held (then the stale go).
 */
export function copiaPorEvento<T>(ms: number, read: (db: DbOrTx, eventoId: number) => Promise<T>) {
  const porDb = new WeakMap<object, Map<number, { hasta: number; valor: Promise<T> }>>();
  return {
    get(db: DbOrTx, eventoId: number): Promise<T> {
      let byEvento = porDb.get(db);
      if (!byEvento) porDb.set(db, (byEvento = new Map()));
      const now = Date.now();
      const copia = byEvento.get(eventoId);
      if (copia && copia.hasta > now) return copia.valor;
      if (byEvento.size >= 1000) for (const [id, c] of byEvento) if (c.hasta <= now) byEvento.delete(id);
      const nueva = { hasta: now + ms, valor: read(db, eventoId) };
      const held = byEvento;
      held.set(eventoId, nueva);
      nueva.valor.catch(() => held.get(eventoId) === nueva && held.delete(eventoId));
      return nueva.valor;
    },
    olvidar(db: DbOrTx, eventoId: number): void {
      porDb.get(db)?.delete(eventoId);
    },
  };
}

/**
 * How long one process answers the state polls of a room from its copy of the room's row
 * (decision 0031, "Cheap polls"). The row stays the truth in PostgreSQL and every decision
 * (draw, admission, pass, hold) reads it there; a copy only answers "where am I in line", and
 * one second is the admission step's own period, so a copy is never more than one step behind.
 * The admission step and ops calls in this process drop it at once.
 */
const salas = copiaPorEvento(1000, findSalaVista);

/**
 * How long one process keeps its copy of a drawn room's numbers. At the start every page that
 * joined early asks, within seconds, which number the draw gave it; one read of the numbers
 * answers them all, instead of one read of its place per page (decision 0031, "the draw's burst").
 * A number never changes once given, so the copy can only lack the places numbered after it was
 * read: those are read one by one as before.
 */
const sorteos = copiaPorEvento(60_000, numerosDeLugares);

/** The room as of at most a second ago: one read per process per second however many buyers ask. */
export function salaVista(db: DbOrTx, eventoId: number) {
  return salas.get(db, eventoId);
}

/** Drops this process's copy of the room (after its admission step or an ops change). */
export function olvidarSala(db: DbOrTx, eventoId: number): void {
  salas.olvidar(db, eventoId);
}

/** The number the draw gave place `lugarId` of a drawn room, from this process's copy; null when the copy does not have it. */
export async function numeroSorteado(db: DbOrTx, eventoId: number, lugarId: number): Promise<number | null> {
  return (await sorteos.get(db, eventoId)).get(lugarId) ?? null;
}

/** Drops this process's copy of the room's numbers (an ops change may start the room again). */
export function olvidarNumeros(db: DbOrTx, eventoId: number): void {
  sorteos.olvidar(db, eventoId);
}
