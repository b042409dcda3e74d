import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categoriasEvento, eventos } from '../../db/schema/events';
import { eventoAsientos, eventoLugaresGenerales, seccionVersiones } from '../../db/schema/inventory';
import { FREE_PLACE } from './disponibilidad.repository';
import { reservas } from '../../db/schema/sales';
import { filas } from '../../db/schema/venues';

/**
 * The reads of a hold: the event it is for, the reserva and the seats it holds. The statements
 * that take and give back places are in apartados.repository.ts.
 */

export interface EventoReservable {
  id: number;
  mostrarWeb: boolean;
  /** The event has not started yet (judged by the database clock). */
  futuro: boolean;
  limiteDeAsientos: number;
}

export async function findEventoReservable(db: DbOrTx, eventoId: number): Promise<EventoReservable | undefined> {
  const [row] = await db
    .select({ id: eventos.id, mostrarWeb: eventos.mostrarWeb, futuro: sql<boolean>`${eventos.fecha} > now()`, limiteDeAsientos: eventos.limiteDeAsientos })
    .from(eventos)
    .where(eq(eventos.id, eventoId));
  return row;
}

export type ReservaRow = Pick<
  typeof reservas.$inferSelect,
  'id' | 'eventoId' | 'usuarioId' | 'estado' | 'esGeneral' | 'seccionId' | 'cantidad' | 'fechaExpiracion'
> & {
  /** estado 'activa' whose time ran out (the expiry job has not marked it yet). */
  vencida: boolean;
  ahora: Date;
};

export async function findReserva(db: DbOrTx, id: string, opts: { forUpdate?: boolean } = {}): Promise<ReservaRow | undefined> {
  const query = db
    .select({
      id: reservas.id,
      eventoId: reservas.eventoId,
      usuarioId: reservas.usuarioId,
      estado: reservas.estado,
      vencida: sql<boolean>`(${reservas.estado} = 'activa' and ${reservas.fechaExpiracion} <= now())`,
      esGeneral: reservas.esGeneral,
      seccionId: reservas.seccionId,
      cantidad: reservas.cantidad,
      fechaExpiracion: reservas.fechaExpiracion,
      ahora: sql<Date | string>`now()`,
    })
    .from(reservas)
    .where(eq(reservas.id, id))
    .$dynamic();
  const [row] = await (opts.forUpdate ? query.for('update') : query);
  return row && { ...row, ahora: new Date(row.ahora) };
}

export async function setEstadoReserva(tx: DbOrTx, id: string, estado: Extract<ReservaRow['estado'], 'cancelada' | 'expirada'>): Promise<void> {
  await tx.update(reservas).set({ estado, updatedAt: sql`now()` }).where(eq(reservas.id, id));
}

/** Seats by a condition with row, number, category and price, in layout order. */
function asientosDescritos(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      id: eventoAsientos.id,
      numero: eventoAsientos.numero,
      fila: filas.nombre,
      filaId: filas.id,
      categoria: categoriasEvento.nombre,
      precio: eventoAsientos.precio,
    })
    .from(eventoAsientos)
    .innerJoin(filas, eq(filas.id, eventoAsientos.filaId))
    .innerJoin(categoriasEvento, eq(categoriasEvento.id, eventoAsientos.categoriaEventoId))
    .where(where)
    .orderBy(filas.orden, filas.id, eventoAsientos.numero);
}

/** Seats still held (or sold) by a reserva, in layout order. */
export async function listAsientosReserva(db: DbOrTx, reservaId: string) {
  const rows = await asientosDescritos(db, eq(eventoAsientos.reservaId, reservaId));
  return rows.map(({ filaId: _filaId, ...r }) => r);
}

/** Seats by id with row, number, category and price, in layout order (a best-available answer). */
export async function describeAsientos(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return asientosDescritos(db, inArray(eventoAsientos.id, ids));
}

/** Free places of a general section now (what the availability streams re-count). */
export async function countGeneralFree(db: DbOrTx, eventoId: number, seccionId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(eventoLugaresGenerales)
    .where(and(eq(eventoLugaresGenerales.eventoId, eventoId), eq(eventoLugaresGenerales.seccionId, seccionId), FREE_PLACE));
  return Number(row?.n ?? 0);
}

/** A section's seat-state version (0 before its first change). */
export async function readSeccionVersion(db: DbOrTx, eventoId: number, seccionId: number): Promise<number> {
  const [row] = await db
    .select({ version: seccionVersiones.version })
    .from(seccionVersiones)
    .where(and(eq(seccionVersiones.eventoId, eventoId), eq(seccionVersiones.seccionId, seccionId)));
  return Number(row?.version ?? 0);
}

/** Seconds the oldest live hold has been past its expiry without the expiry job marking it (0 when none): the metrics' lag. */
export async function holdExpiryLagSeconds(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ lag: sql<number>`coalesce(extract(epoch from now() - min(${reservas.fechaExpiracion})), 0)::float8`.mapWith(Number) })
    .from(reservas)
    .where(and(eq(reservas.estado, 'activa'), lte(reservas.fechaExpiracion, sql`now()`)));
  return row?.lag ?? 0;
}
