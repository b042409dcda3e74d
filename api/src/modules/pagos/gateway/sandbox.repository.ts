import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { sandboxCargos, sandboxClientes, sandboxTarjetas, sandboxTokens } from '../../../db/schema/index';

export type SandboxTokenRow = typeof sandboxTokens.$inferSelect;
export type SandboxCardRow = typeof sandboxTarjetas.$inferSelect;
export type SandboxChargeRow = typeof sandboxCargos.$inferSelect;
export type SandboxCustomerRow = typeof sandboxClientes.$inferSelect;
export type CardFields = Pick<SandboxTokenRow, 'ultimos4' | 'longitud' | 'marca' | 'titular' | 'mesExpiracion' | 'anioExpiracion' | 'resultado' | 'tipo' | 'meses'>;

export async function insertToken(db: DbOrTx, id: string, card: CardFields): Promise<SandboxTokenRow> {
  const [row] = await db.insert(sandboxTokens).values({ id, ...card }).returning();
  return row!;
}

/** Marks a token used; undefined when it does not exist or was used already (single use). */
export async function consumeToken(db: DbOrTx, id: string): Promise<SandboxTokenRow | undefined> {
  const [row] = await db
    .update(sandboxTokens)
    .set({ usadoEn: sql`now()` })
    .where(and(eq(sandboxTokens.id, id), isNull(sandboxTokens.usadoEn)))
    .returning();
  return row;
}

export async function insertCustomer(db: DbOrTx, row: typeof sandboxClientes.$inferInsert): Promise<SandboxCustomerRow | undefined> {
  const [inserted] = await db.insert(sandboxClientes).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function findCustomer(db: DbOrTx, id: string): Promise<SandboxCustomerRow | undefined> {
  const [row] = await db.select().from(sandboxClientes).where(eq(sandboxClientes.id, id));
  return row;
}

export async function insertCard(db: DbOrTx, id: string, clienteId: string, card: CardFields): Promise<SandboxCardRow> {
  const [row] = await db.insert(sandboxTarjetas).values({ id, clienteId, ...card }).returning();
  return row!;
}

export async function findCard(db: DbOrTx, clienteId: string, id: string): Promise<SandboxCardRow | undefined> {
  const [row] = await db.select().from(sandboxTarjetas).where(and(eq(sandboxTarjetas.id, id), eq(sandboxTarjetas.clienteId, clienteId)));
  return row;
}

export async function listCards(db: DbOrTx, clienteId: string): Promise<SandboxCardRow[]> {
  return db.select().from(sandboxTarjetas).where(eq(sandboxTarjetas.clienteId, clienteId)).orderBy(desc(sandboxTarjetas.createdAt), desc(sandboxTarjetas.id));
}

export async function deleteCard(db: DbOrTx, clienteId: string, id: string): Promise<boolean> {
  const rows = await db.delete(sandboxTarjetas).where(and(eq(sandboxTarjetas.id, id), eq(sandboxTarjetas.clienteId, clienteId))).returning({ id: sandboxTarjetas.id });
  return rows.length > 0;
}

/** Inserts a charge unless its order_id is taken (then undefined: Openpay's 1006). */
export async function insertCharge(db: DbOrTx, row: typeof sandboxCargos.$inferInsert): Promise<SandboxChargeRow | undefined> {
  const [inserted] = await db.insert(sandboxCargos).values(row).onConflictDoNothing({ target: sandboxCargos.orderId }).returning();
  return inserted;
}

export async function findCharge(db: DbOrTx, id: string): Promise<SandboxChargeRow | undefined> {
  const [row] = await db.select().from(sandboxCargos).where(eq(sandboxCargos.id, id));
  return row;
}

export async function findChargeByOrderId(db: DbOrTx, orderId: string): Promise<SandboxChargeRow | undefined> {
  const [row] = await db.select().from(sandboxCargos).where(eq(sandboxCargos.orderId, orderId));
  return row;
}

export async function findChargeByReference(db: DbOrTx, referencia: string): Promise<SandboxChargeRow | undefined> {
  const [row] = await db.select().from(sandboxCargos).where(eq(sandboxCargos.referencia, referencia));
  return row;
}

/** Moves a charge on only from the status it must be in, so a replayed click changes nothing. */
export async function transitionCharge(
  db: DbOrTx,
  id: string,
  from: string,
  to: Pick<SandboxChargeRow, 'status'> & Partial<Pick<SandboxChargeRow, 'errorCode' | 'autorizacion'>> & { reembolsado?: boolean },
): Promise<SandboxChargeRow | undefined> {
  const [row] = await db
    .update(sandboxCargos)
    .set({
      status: to.status,
      ...(to.errorCode !== undefined ? { errorCode: to.errorCode } : {}),
      ...(to.autorizacion !== undefined ? { autorizacion: to.autorizacion } : {}),
      ...(to.reembolsado ? { reembolsadoEn: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(sandboxCargos.id, id), eq(sandboxCargos.status, from)))
    .returning();
  return row;
}
