/**
 * The one owner of the payment tables (`perfiles_pago`, `tarjetas`): the account's payment
 * customer and its saved cards. The sale (ventas) reads and writes them through here.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { TarjetaGuardada } from '@taquilla/shared/schemas/cuenta';
import type { DbOrTx } from '../../db/client';
import type { MaskedCard } from '../pagos/gateway/gateway.types';
import { perfilesPago, tarjetas } from '../../db/schema/payments';

const deTarjeta = (perfilId: number, idtarjeta: string) => and(eq(tarjetas.perfilPagoId, perfilId), eq(tarjetas.idtarjeta, idtarjeta));

/** Saved cards of a payment profile, newest first. Masked numbers only: no PAN or CVV is ever stored. */
export async function listTarjetas(db: DbOrTx, perfilId: number): Promise<TarjetaGuardada[]> {
  return db
    .select({
      id: tarjetas.id,
      idtarjeta: tarjetas.idtarjeta,
      tarjeta: tarjetas.tarjeta,
      banco: tarjetas.banco,
      marca: tarjetas.marca,
      tipo: tarjetas.tipo,
      nombreEnTarjeta: tarjetas.nombreEnTarjeta,
    })
    .from(tarjetas)
    .where(eq(tarjetas.perfilPagoId, perfilId))
    .orderBy(desc(tarjetas.createdAt), desc(tarjetas.id));
}

export async function deleteTarjeta(db: DbOrTx, perfilId: number, idtarjeta: string): Promise<void> {
  await db.delete(tarjetas).where(deTarjeta(perfilId, idtarjeta));
}

/** The account's payment customer at the gateway, if any. */
export async function findPerfilPago(
  db: DbOrTx,
  usuarioId: string,
): Promise<Pick<typeof perfilesPago.$inferSelect, 'id' | 'idOpenpay' | 'proveedor'> | undefined> {
  const [row] = await db
    .select({ id: perfilesPago.id, idOpenpay: perfilesPago.idOpenpay, proveedor: perfilesPago.proveedor })
    .from(perfilesPago)
    .where(eq(perfilesPago.usuarioId, usuarioId));
  return row;
}

export async function insertPerfilPago(db: DbOrTx, usuarioId: string, proveedor: string, idOpenpay: string): Promise<void> {
  await db.insert(perfilesPago).values({ usuarioId, proveedor, idOpenpay }).onConflictDoNothing({ target: perfilesPago.usuarioId });
}

export async function hasTarjeta(db: DbOrTx, perfilId: number, idtarjeta: string): Promise<boolean> {
  const rows = await db.select({ id: tarjetas.id }).from(tarjetas).where(deTarjeta(perfilId, idtarjeta));
  return rows.length > 0;
}

/** Saves a card the gateway stored on the buyer's customer (masked number, bank, brand, type, holder); once. */
export async function insertTarjeta(db: DbOrTx, perfilId: number, card: MaskedCard & { id: string }): Promise<void> {
  await db
    .insert(tarjetas)
    .values({
      perfilPagoId: perfilId,
      idtarjeta: card.id,
      tarjeta: card.number,
      banco: card.bank,
      marca: card.brand,
      tipo: card.type || 'credit',
      nombreEnTarjeta: card.holderName,
    })
    .onConflictDoNothing();
}
