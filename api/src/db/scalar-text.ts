import type { DbOrTx } from './client';

interface PgPoolLike {
  query(config: { name: string; text: string; rowMode: 'array' }): Promise<{ rows: unknown[][] }>;
  totalCount: number;
}
interface PgliteLike {
  query(text: string, params: unknown[], options: { rowMode: 'array' }): Promise<{ rows: unknown[][] }>;
}

/**
 * One text value from a parameterless, named query, straight from the driver (node-postgres
 * named prepared statement, or PGlite), skipping drizzle's per-call work. Only for the
 * hottest fixed read (the event listing); everything else goes through drizzle.
 */
export async function scalarText(db: DbOrTx, name: string, text: string): Promise<string | null> {
  const client = (db as { $client?: unknown }).$client;
  if (client && typeof (client as PgPoolLike).totalCount === 'number') {
    const { rows } = await (client as PgPoolLike).query({ name, text, rowMode: 'array' });
    return (rows[0]?.[0] as string | null | undefined) ?? null;
  }
  if (client && typeof (client as PgliteLike).query === 'function') {
    const { rows } = await (client as PgliteLike).query(text, [], { rowMode: 'array' });
    return (rows[0]?.[0] as string | null | undefined) ?? null;
  }
  throw new Error('scalarText needs a database handle, not a transaction');
}
