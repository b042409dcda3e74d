import { openDatabase } from '../db/client';
import { readConfig } from '../config';

/**
 * `pnpm --filter @taquilla/api migrate`: applies the pending migrations to DATABASE_URL (or the
 * PGlite folder) and exits. Servers also migrate at start, one at a time under the same
 * advisory lock, so a deploy may run this first or not at all.
 */
async function main(): Promise<void> {
  const env = readConfig();
  const database = await openDatabase({ url: env.databaseUrl, pgliteDir: env.pgliteDir });
  try {
    await database.migrate();
    console.log(`✔ migraciones aplicadas (${database.kind === 'pg' ? 'PostgreSQL' : `PGlite en ${env.pgliteDir}`})`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
