import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * Raw SQL returning rows, the same on both drivers (node-postgres and PGlite both answer
 * `{ rows }`). Used where the query builder would obscure the query (aggregates, locks).
 */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
