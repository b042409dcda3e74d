/** Saved cards; the payment profile itself is read with the sale's repository (ventas.repository). */
import { sql } from 'drizzle-orm';
import type { TarjetaGuardada } from '@taquilla/shared/schemas/cuenta';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/rows';

/** Saved cards of a payment profile, newest first. Masked numbers only: no PAN or CVV is ever stored. */
export async function listTarjetas(db: DbOrTx, perfilId: number): Promise<TarjetaGuardada[]> {
  const rows = await queryRows<{ id: number; idtarjeta: string; tarjeta: string; banco: string; marca: string; tipo: string; nombre_en_tarjeta: string }>(
    db,
    sql`select id, idtarjeta, tarjeta, banco, marca, tipo, nombre_en_tarjeta from tarjetas where perfil_pago_id = ${perfilId} order by created_at desc, id desc`,
  );
  return rows.map((r) => ({
    id: Number(r.id), idtarjeta: r.idtarjeta, tarjeta: r.tarjeta, banco: r.banco, marca: r.marca, tipo: r.tipo, nombreEnTarjeta: r.nombre_en_tarjeta,
  }));
}

export async function deleteTarjeta(db: DbOrTx, perfilId: number, idtarjeta: string): Promise<void> {
  await db.execute(sql`delete from tarjetas where perfil_pago_id = ${perfilId} and idtarjeta = ${idtarjeta}`);
}
