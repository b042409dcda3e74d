import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { REPO_ROOT } from '../config';
import { schema, type Schema } from './schema/index';

/** The drizzle database, whichever driver is behind it. Repositories take this (or a Tx). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept the database or an open transaction. */
export type DbOrTx = Db | Tx;

// From the repository root, so the compiled server (dist/main.mjs) finds them too.
export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'api', 'drizzle');

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… → node-postgres; otherwise PGlite. */
  url?: string;
  /** PGlite data dir; 'memory://' for an in-memory database. */
  pgliteDir?: string;
  /** PGlite: start from a dumped data dir (tar), e.g. the migrated test template. */
  loadDataDir?: Blob;
  /** node-postgres pool size. */
  poolSize?: number;
  /**
   * PGlite folder: how long to wait for another process's lock to go (a crashed server's lock
   * goes stale after ~15 s) before refusing. Default 20 s.
   */
  lockWaitMs?: number;
}

/** A second process on one embedded database folder: both would accept writes and lose some. */
export class DatabaseInUseError extends Error {
  constructor(readonly dir: string) {
    super(
      `La base de datos embebida (${dir}) ya está en uso por otro proceso de Taquilla. ` +
        'Detén ese servidor primero, o usa DATABASE_URL (PostgreSQL) para varios procesos.',
    );
    this.name = 'DatabaseInUseError';
  }
}

const LOCK_STALE_MS = 15_000;

/** An exclusive lock on a PGlite folder (proper-lockfile: `<dir>.lock`, refreshed while we live). */
async function lockDataDir(dir: string, waitMs: number, onCompromised: (err: Error) => void): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dir, {
      stale: LOCK_STALE_MS,
      update: LOCK_STALE_MS / 3,
      realpath: false,
      retries: { retries: Math.ceil(waitMs / 1000), minTimeout: 1000, maxTimeout: 1000, factor: 1 },
      onCompromised,
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw new DatabaseInUseError(dir);
    throw err;
  }
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // An idle client losing its server connection must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pg',
      migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
    };
  }
  const dir = opts.pgliteDir ?? 'memory://';
  const inMemory = dir.startsWith('memory://');
  let unlock: (() => Promise<void>) | undefined;
  if (!inMemory) {
    mkdirSync(dir, { recursive: true });
    unlock = await lockDataDir(dir, opts.lockWaitMs ?? 20_000, (err) => {
      // Only if this process stalled past the stale time and another took the folder: say so loudly.
      console.error(`[taquilla] se perdió el bloqueo de ${dir}: ${err.message}`);
    });
  }
  let client: PGlite;
  try {
    client = await PGlite.create(inMemory ? undefined : dir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  } catch (err) {
    await unlock?.();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      await client.close();
      await unlock?.();
    },
  };
}
