import { and, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { eventoAsientos, eventoLugaresGenerales } from '../../db/schema/inventory';
import { reservas } from '../../db/schema/sales';
import { delComprador, type VentaReserva } from './ventas.repository';

type Reserva = typeof reservas.$inferSelect;

/**
 * The buyer's other hold on this event with a cash/SPEI reference still payable (one unpaid
 * reference per buyer and event): an account's by account, a guest's by e-mail.
 */
export async function otraReferenciaPendiente(db: DbOrTx, r: Pick<VentaReserva, 'id' | 'eventoId' | 'usuarioId' | 'correo'>): Promise<boolean> {
  const rows = await db
    .select({ id: reservas.id })
    .from(reservas)
    .where(
      and(
        eq(reservas.eventoId, r.eventoId),
        delComprador(db, reservas, r),
        isNotNull(reservas.pagoPendiente),
        eq(reservas.estado, 'activa'),
        gt(reservas.fechaExpiracion, sql`now()`),
        ne(reservas.id, r.id),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Keeps a live hold's places until the reference's deadline ('pendiente de pago'): the hold and
 * each of its places, in one transaction. False when the hold is no longer live.
 */
export async function apartarHastaPago(tx: DbOrTx, reservaId: string, metodo: 'efectivo' | 'spei', vence: Date): Promise<boolean> {
  const held = await tx
    .update(reservas)
    .set({ pagoPendiente: metodo, fechaExpiracion: vence, updatedAt: sql`now()` })
    .where(and(eq(reservas.id, reservaId), eq(reservas.estado, 'activa'), gt(reservas.fechaExpiracion, sql`now()`)))
    .returning({ id: reservas.id });
  if (held.length === 0) return false;
  for (const places of [eventoAsientos, eventoLugaresGenerales]) {
    await tx
      .update(places)
      .set({ holdExpiresAt: vence })
      .where(and(eq(places.reservaId, reservaId), eq(places.estado, 'disponible')));
  }
  return true;
}

/**
 * Holds whose cash/SPEI reference expired unpaid and whose buyer was not told yet, marked told
 * in the same statement (SKIP LOCKED: every API process may run it at once, each row once).
 */
export async function takeReferenciasVencidas(
  db: DbOrTx,
  batch: number,
): Promise<{ id: Reserva['id']; pagoPendiente: NonNullable<Reserva['pagoPendiente']> }[]> {
  const rows = await db
    .update(reservas)
    .set({ avisoVencimientoEn: sql`now()` })
    .where(
      inArray(
        reservas.id,
        db
          .select({ id: reservas.id })
          .from(reservas)
          .where(and(isNotNull(reservas.pagoPendiente), isNull(reservas.avisoVencimientoEn), eq(reservas.estado, 'expirada')))
          .orderBy(reservas.fechaExpiracion)
          .limit(batch)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: reservas.id, pagoPendiente: reservas.pagoPendiente });
  // pago_pendiente is never null here (the subquery's condition).
  return rows.flatMap(({ id, pagoPendiente }) => (pagoPendiente ? [{ id, pagoPendiente }] : []));
}

/**
 * Ends a hold whose cash/SPEI reference the gateway cancelled (expired unpaid) and frees its
 * places now: they were held until the deadline, so they do not read as free by themselves.
 * Answers the places freed (for the live map), or null when the hold was not waiting any more.
 */
export async function liberarReferencia(
  tx: DbOrTx,
  reservaId: string,
): Promise<{ asientos: number[]; generales: { eventoId: number; seccionId: number }[] } | null> {
  const ended = await tx
    .update(reservas)
    .set({ estado: 'expirada', updatedAt: sql`now()` })
    .where(and(eq(reservas.id, reservaId), eq(reservas.estado, 'activa'), isNotNull(reservas.pagoPendiente)))
    .returning({ id: reservas.id });
  if (ended.length === 0) return null;
  const ea = eventoAsientos;
  const asientos = await tx
    .update(ea)
    .set({ reservaId: null, holdExpiresAt: null })
    .where(and(eq(ea.reservaId, reservaId), eq(ea.estado, 'disponible')))
    .returning({ id: ea.id });
  const l = eventoLugaresGenerales;
  const generales = await tx
    .update(l)
    .set({ reservaId: null, holdExpiresAt: null })
    .where(and(eq(l.reservaId, reservaId), eq(l.estado, 'disponible')))
    .returning({ eventoId: l.eventoId, seccionId: l.seccionId });
  const secciones = new Map(generales.map((g) => [`${g.eventoId}:${g.seccionId}`, g]));
  return { asientos: asientos.map((a) => a.id), generales: [...secciones.values()] };
}
