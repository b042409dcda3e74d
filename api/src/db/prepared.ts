import type { DbOrTx } from './client';

const cache = new WeakMap<object, Map<string, unknown>>();

/**
 * A drizzle prepared query, built once per database handle. Hot catalogue reads use it:
 * building the SQL and planning it on every request cost more than running it (measured:
 * 2.3 ms → 0.65 ms per get_all on PostgreSQL). `name` must identify one SQL text.
 */
export function prepared<T>(db: DbOrTx, name: string, build: () => T): T {
  let byName = cache.get(db);
  if (!byName) cache.set(db, (byName = new Map()));
  let query = byName.get(name) as T | undefined;
  if (!query) {
    query = build();
    byName.set(name, query);
  }
  return query;
}
