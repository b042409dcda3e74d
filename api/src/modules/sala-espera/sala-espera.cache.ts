import type { DbOrTx } from '../../db/client';
import { findSalaVista, type SalaVista } from './sala-espera.repository';

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
