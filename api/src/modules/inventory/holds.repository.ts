import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { FREE_PLACE } from './availability.repository';

/**
 * Holds are conditional writes: a seat is taken only if it is free at the moment of the
 * UPDATE (row lock + re-check of the WHERE), so two buyers can never hold the same seat.
 * Call inside the transaction that creates the reserva; if fewer seats than asked were held,
 * roll back (all or nothing).
 */
export async function holdSeats(tx: DbOrTx, eventoId: number, asientoIds: number[], reservaId: string, expiresAt: Date): Promise<number[]> {
  if (asientoIds.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update evento_asientos set reserva_id = ${reservaId}, hold_expires_at = ${expiresAt.toISOString()}
         where evento_id = ${eventoId} and id in (${sql.join(asientoIds.map((id) => sql`${id}`), sql`, `)}) and ${FREE_PLACE}
         returning id`,
  );
  return rows.map((r) => r.id);
}

/**
 * General admission: claim `cantidad` free places of one evento_seccion. SKIP LOCKED lets
 * concurrent buyers take different rows instead of queueing on the same ones. Returns the
 * place ids (fewer than asked = not enough left; the caller rolls back).
 */
export async function claimGeneralPlaces(tx: DbOrTx, eventoSeccionId: number, cantidad: number, reservaId: string, expiresAt: Date): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update evento_lugares_generales set reserva_id = ${reservaId}, hold_expires_at = ${expiresAt.toISOString()}
         where id in (
           select id from evento_lugares_generales
            where evento_seccion_id = ${eventoSeccionId} and ${FREE_PLACE}
            order by hold_expires_at nulls first
            limit ${cantidad} for update skip locked)
         returning id`,
  );
  return rows.map((r) => r.id);
}

/** Places a hold gave back: seats by section, and the general sections that got places back. */
export interface ReleasedPlaces {
  asientos: { id: number; seccionId: number }[];
  generales: number[];
}

/**
 * Ends a hold without a sale (cancel / replace / expiry): its places are free again at once.
 * Only places still pointing at this reserva are touched — an expired hold's seats may already
 * belong to another buyer's hold.
 */
export async function releaseHold(tx: DbOrTx, reservaId: string): Promise<ReleasedPlaces> {
  const asientos = await queryRows<{ id: number; seccion_id: number }>(
    tx,
    sql`update evento_asientos set reserva_id = null, hold_expires_at = null where reserva_id = ${reservaId} and estado = 'disponible' returning id, seccion_id`,
  );
  const generales = await queryRows<{ seccion_id: number }>(
    tx,
    sql`with freed as (
          update evento_lugares_generales set reserva_id = null, hold_expires_at = null where reserva_id = ${reservaId} and estado = 'disponible' returning seccion_id)
        select distinct seccion_id from freed`,
  );
  return { asientos: asientos.map((r) => ({ id: r.id, seccionId: r.seccion_id })), generales: generales.map((r) => r.seccion_id) };
}
