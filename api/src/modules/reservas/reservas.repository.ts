import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categoriasEvento, eventos } from '../../db/schema/events';
import { eventoAsientos } from '../../db/schema/inventory';
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
