import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR, openDatabase } from '../db/client';
import { functionDrift } from '../db/functions';

/**
 * `pnpm --filter @taquilla/api db:functions [--name <migration name>]`: migrates an empty
 * in-memory database, compares its functions with src/db/functions/*.sql and, when they differ,
 * writes a custom drizzle migration (`drizzle-kit generate --custom`) with the
 * `CREATE OR REPLACE FUNCTION` of every source that changed and a `DROP FUNCTION` for every
 * function whose source file was deleted.
 */
async function main(): Promise<void> {
  const nameAt = process.argv.indexOf('--name');
  const name = nameAt > 0 ? process.argv[nameAt + 1] : 'funciones';
  if (!name || !/^[a-z0-9_]+$/.test(name)) throw new Error('--name: minúsculas, dígitos y guiones bajos');
  const database = await openDatabase({ pgliteDir: 'memory://' });
  const drift = await (async () => {
    try {
      await database.migrate();
      return await functionDrift(database.db);
    } finally {
      await database.close();
    }
  })();
  if (drift.changed.length === 0 && drift.unsourced.length === 0) {
    console.log('✔ las funciones SQL ya están en las migraciones; nada que generar');
    return;
  }
  execFileSync('npx', ['drizzle-kit', 'generate', '--custom', '--name', name], { stdio: 'inherit' });
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const file = path.join(MIGRATIONS_DIR, `${journal.entries.at(-1)!.tag}.sql`);
  const statements = [
    ...drift.changed.map((s) => `-- src/db/functions/${s.name}.sql\n${s.text.trim()}`),
    // Only once the running release no longer calls it (api/README.md "Writing a migration").
    ...drift.unsourced.map((signature) => `DROP FUNCTION IF EXISTS ${signature};`),
  ];
  writeFileSync(file, `${statements.join('\n--> statement-breakpoint\n')}\n`);
  for (const s of drift.changed) console.log(`▶ ${s.name}: CREATE OR REPLACE`);
  for (const signature of drift.unsourced) console.log(`▶ ${signature}: DROP (su archivo ya no está en src/db/functions)`);
  console.log(`✔ ${path.relative(process.cwd(), file)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
