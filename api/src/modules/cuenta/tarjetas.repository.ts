/**
 * The one owner of the payment tables (`perfiles_pago`, `tarjetas`): the account's payment
 * customer and its saved cards. The sale (ventas) reads and writes them through here.
 */
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

/** The account's payment customer at the gateway, if any. */
export async function findPerfilPago(db: DbOrTx, usuarioId: string): Promise<{ id: number; idOpenpay: string; proveedor: string } | undefined> {
  const [row] = await queryRows<{ id: number; id_openpay: string; proveedor: string }>(db, sql`select id, id_openpay, proveedor from perfiles_pago where usuario_id = ${usuarioId}`);
  return row && { id: row.id, idOpenpay: row.id_openpay, proveedor: row.proveedor };
}

export async function insertPerfilPago(db: DbOrTx, usuarioId: string, proveedor: string, idOpenpay: string): Promise<void> {
  await db.execute(sql`insert into perfiles_pago (usuario_id, proveedor, id_openpay) values (${usuarioId}, ${proveedor}, ${idOpenpay}) on conflict (usuario_id) do nothing`);
}

export async function hasTarjeta(db: DbOrTx, perfilId: number, idtarjeta: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from tarjetas where perfil_pago_id = ${perfilId} and idtarjeta = ${idtarjeta}`);
  return rows.length > 0;
}

export async function insertTarjeta(db: DbOrTx, t: { perfilId: number; idtarjeta: string; tarjeta: string; banco: string; marca: string; tipo: string; nombre: string }): Promise<void> {
  await db.execute(sql`insert into tarjetas (perfil_pago_id, idtarjeta, tarjeta, banco, marca, tipo, nombre_en_tarjeta)
    values (${t.perfilId}, ${t.idtarjeta}, ${t.tarjeta}, ${t.banco}, ${t.marca}, ${t.tipo || 'credit'}, ${t.nombre}) on conflict do nothing`);
}
