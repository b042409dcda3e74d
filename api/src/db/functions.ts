import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { REPO_ROOT } from '../paths';
import type { Db, DbOrTx } from './client';
import { queryRows } from './rows';

/**
 * The SQL functions (trigger functions included) are written once, in `src/db/functions/<name>.sql`,
 * one `CREATE OR REPLACE FUNCTION` per file. Migrations are generated from them
 * (`pnpm --filter @taquilla/api db:functions`, scripts/db-functions.ts), and
 * test/db-functions.test.ts fails when a file differs from what the migrations leave.
 */
const FUNCTIONS_DIR = path.join(REPO_ROOT, 'api', 'src', 'db', 'functions');

export interface FunctionSource {
  /** The function's name: the file's name without `.sql`. */
  name: string;
  /** The file's text: one `CREATE OR REPLACE FUNCTION <name>(…)` statement. */
  text: string;
}

export function readFunctionSources(dir = FUNCTIONS_DIR): FunctionSource[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => ({ name: f.slice(0, -'.sql'.length), text: readFileSync(path.join(dir, f), 'utf8') }));
}

/** What a database's functions lack from the sources: the statements a migration has to carry. */
export interface FunctionDrift {
  /** Sources whose definition differs from the database's (or that it does not have). */
  changed: FunctionSource[];
  /** Functions of the database with no source file: `name(identity arguments)`. */
  unsourced: string[];
}

interface Definition {
  name: string;
  signature: string;
  def: string;
}

/** The project's own functions (schema public, none of an extension's) with their full definition. */
async function definitions(db: DbOrTx): Promise<Definition[]> {
  return queryRows<Definition>(
    db,
    sql`select p.proname as name, p.oid::regprocedure::text as signature,
               pg_get_functiondef(p.oid) as def
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'public' and p.prokind = 'f'
           and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
         order by 2`,
  );
}

const byName = (defs: Definition[], name: string) =>
  defs
    .filter((d) => d.name === name)
    .map((d) => d.def)
    .join('\n');

class Rollback extends Error {}

/**
 * Compares the database's functions with the sources: each source is run inside a transaction
 * that is rolled back, and PostgreSQL's own rendering (`pg_get_functiondef`) of the function
 * before and after says whether the file changes it. The database is left as it was.
 */
export async function functionDrift(db: Db, sources: FunctionSource[] = readFunctionSources()): Promise<FunctionDrift> {
  const before = await definitions(db);
  let after: Definition[] = [];
  try {
    await db.transaction(async (tx) => {
      for (const s of sources) await tx.execute(sql.raw(s.text));
      after = await definitions(tx);
      throw new Rollback();
    });
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
  }
  const named = new Set(sources.map((s) => s.name));
  return {
    changed: sources.filter((s) => byName(before, s.name) !== byName(after, s.name)),
    unsourced: before.filter((d) => !named.has(d.name)).map((d) => d.signature),
  };
}
