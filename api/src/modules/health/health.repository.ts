import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** One round trip to the database: throws when it cannot answer. */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}
