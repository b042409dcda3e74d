/**
 * Loads one event from a JSON file:  pnpm --filter @taquilla/api run import <file.json>
 * Uses DATABASE_URL when set, else the embedded PGlite dir (PGLITE_DIR, default .data/pglite;
 * stop the server first — PGlite is single-process). Exit code 1 and one line per problem
 * (with its path in the file) when the file is refused; the database is then unchanged.
 */
import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readConfig } from '../config';
import { openDatabase } from '../db/client';
import { runImport } from '../import/run-import';

async function main(): Promise<number> {
  const arg = process.argv[2];
  if (!arg) {
    console.error('Uso: pnpm --filter @taquilla/api run import <archivo.json>');
    return 2;
  }
  // pnpm runs the script inside api/; a relative path is relative to where the user typed it.
  const file = path.isAbsolute(arg) ? arg : path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    console.error(`No se pudo leer el archivo ${file}`);
    return 2;
  }
  const env = readConfig();
  const database = await openDatabase({ url: env.databaseUrl, pgliteDir: env.pgliteDir });
  try {
    await database.migrate();
    const outcome = await runImport(database.db, text);
    if (!outcome.ok) {
      console.error(`El archivo ${path.basename(file)} no se importó (la base de datos no cambió):`);
      for (const e of outcome.errors) console.error(`  - ${e}`);
      return 1;
    }
    // Fresh rows: refresh planner statistics so the catalogue queries keep good plans.
    await database.db.execute(sql`analyze`);
    const r = outcome.result;
    console.log(
      `Evento importado: id ${r.eventoId}, recinto ${r.recintoId}${r.recintoNuevo ? ' (nuevo)' : ' (existente)'}, ${r.asientos} asientos numerados, ${r.lugaresGenerales} lugares generales.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
