import type { DbOrTx } from '../../db/client';
import { findSalaVista, numerosDeLugares, type SalaVista } from './sala-espera.repository';

/**
 * How long one process answers the state polls of a room from its copy of the room's row
 * (decision 0031, "Cheap polls"). The row stays the truth in PostgreSQL and every decision
 * (draw, admission, pass, hold) reads it there; a copy only answers "where am I in line", and
 * one second is the admission step's own period, so a copy is never more than one step behind.
 * The admission step and ops calls in this process drop it at once.
 */
const COPIA_MS = 1000;

interface Copia {
  hasta: number;
  vista: Promise<SalaVista | null>;
}

const copias = new WeakMap<object, Map<number, Copia>>();

function of(db: DbOrTx): Map<number, Copia> {
  let byEvento = copias.get(db);
  if (!byEvento) copias.set(db, (byEvento = new Map()));
  return byEvento;
}

/** The room as of at most COPIA_MS ago: one read per process per second however many buyers ask. */
export function salaVista(db: DbOrTx, eventoId: number): Promise<SalaVista | null> {
  const byEvento = of(db);
  const now = Date.now();
  const copia = byEvento.get(eventoId);
  if (copia && copia.hasta > now) return copia.vista;
  // Ids a client made up leave copies behind: past a thousand events, the stale ones go.
  if (byEvento.size >= 1000) for (const [id, c] of byEvento) if (c.hasta <= now) byEvento.delete(id);
  const vista = findSalaVista(db, eventoId);
  const nueva = { hasta: now + COPIA_MS, vista };
  byEvento.set(eventoId, nueva);
  // A failed read is not kept: the next poll reads again.
  vista.catch(() => byEvento.get(eventoId) === nueva && byEvento.delete(eventoId));
  return vista;
}

/** Drops this process's copy of the room (after its admission step or an ops change). */
export function olvidarSala(db: DbOrTx, eventoId: number): void {
  copias.get(db)?.delete(eventoId);
}

/**
 * How long one process keeps its copy of a drawn room's numbers. At the start every page that
 * joined early asks, within seconds, which number the draw gave it; one read of the numbers
 * answers them all, instead of one read of its place per page (decision 0031, "the draw's burst").
 * A number never changes once given, so the copy can only lack the places numbered after it was
 * read: those are read one by one as before.
 */
const SORTEO_MS = 60_000;

const sorteos = new WeakMap<object, Map<number, CopiaNumeros>>();
interface CopiaNumeros {
  hasta: number;
  numeros: Promise<Map<number, number>>;
}

/** The number the draw gave place `lugarId` of a drawn room, from this process's copy; null when the copy does not have it. */
export async function numeroSorteado(db: DbOrTx, eventoId: number, lugarId: number): Promise<number | null> {
  let byEvento = sorteos.get(db);
  if (!byEvento) sorteos.set(db, (byEvento = new Map()));
  const now = Date.now();
  let copia = byEvento.get(eventoId);
  if (!copia || copia.hasta <= now) {
    for (const [id, c] of byEvento) if (c.hasta <= now) byEvento.delete(id);
    const nueva = { hasta: now + SORTEO_MS, numeros: numerosDeLugares(db, eventoId) };
    byEvento.set(eventoId, nueva);
    nueva.numeros.catch(() => byEvento.get(eventoId) === nueva && byEvento.delete(eventoId));
    copia = nueva;
  }
  return (await copia.numeros).get(lugarId) ?? null;
}

/** Drops this process's copy of the room's numbers (an ops change may start the room again). */
export function olvidarNumeros(db: DbOrTx, eventoId: number): void {
  sorteos.get(db)?.delete(eventoId);
}
