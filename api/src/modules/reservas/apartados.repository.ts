import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { eventoAsientos, eventoLugaresGenerales } from '../../db/schema/inventory';

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
  const asientos = await tx
    .update(eventoAsientos)
    .set({ reservaId: null, holdExpiresAt: null })
    .where(and(eq(eventoAsientos.reservaId, reservaId), eq(eventoAsientos.estado, 'disponible')))
    .returning({ id: eventoAsientos.id, seccionId: eventoAsientos.seccionId });
  const generales = await tx
    .update(eventoLugaresGenerales)
    .set({ reservaId: null, holdExpiresAt: null })
    .where(and(eq(eventoLugaresGenerales.reservaId, reservaId), eq(eventoLugaresGenerales.estado, 'disponible')))
    .returning({ seccionId: eventoLugaresGenerales.seccionId });
  return { asientos, generales: [...new Set(generales.map((r) => r.seccionId))] };
}
