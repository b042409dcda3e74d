import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { eventos } from '../../db/schema/events';

/** Whether the event exists (hidden ones too: the shared answer then says 'sin_fila', not 404). */
export async function eventoExiste(db: DbOrTx, eventoId: number): Promise<boolean> {
  const [row] = await db.select({ id: eventos.id }).from(eventos).where(eq(eventos.id, eventoId));
  return row !== undefined;
}
