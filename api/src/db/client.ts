import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { REPO_ROOT } from '../config';
import { Pool } from './pool';
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
  /** The connection pool behind `db` on a PostgreSQL server (its counts, a connection of one's own); none on PGlite. */
  pool?: Pool;
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
   * node-postgres: how long a query or transaction waits for a free connection (or for a new
   * one to open) before it fails with a code the API answers as 503 (src/db/pool.ts). Default
   * 10 s.
   */
  poolWaitMs?: number;
  /** PGlite folder: how long to wait for a live process's lock to go (a restart overlapping the old process) before refusing. Default 5 s. */
  lockWaitMs?: number;
}

/** A second process on one embedded database folder: both would accept writes and lose some. */
export class DatabaseInUseError extends Error {
  constructor(readonly dir: string) {
    super(
      `La base de datos embebida (${dir}) ya está en uso por otro proceso de Taquilla. ` +
        'Detén ese servidor primero, o usa DATABASE_URL (PostgreSQL) para varios procesos. ' +
        `Si no hay otro servidor en marcha, borra ${dir}.lock.`,
    );
    this.name = 'DatabaseInUseError';
  }
}

/** Effectively never stale by age: PGlite can block the event loop for long (first initdb on a busy machine), so a holder is judged by its pid instead. */
const LOCK_STALE_MS = 24 * 60 * 60 * 1000;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * An exclusive lock on a PGlite folder (proper-lockfile: `<dir>.lock`) with the holder's pid in
 * `<dir>.pid`. A lock whose holder died (SIGKILL, power loss) is taken over at once; a live
 * holder makes this open fail after `waitMs`.
 */
async function lockDataDir(dir: string, waitMs: number): Promise<() => Promise<void>> {
  const pidFile = `${dir}.pid`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const release = await lockfile.lock(dir, {
        stale: LOCK_STALE_MS,
        realpath: false,
        retries: waitMs > 0 ? { retries: Math.ceil(waitMs / 500), minTimeout: 500, maxTimeout: 500, factor: 1 } : 0,
        onCompromised: (err) => console.error(`[taquilla] se perdió el bloqueo de ${dir}: ${err.message}`),
      });
      writeFileSync(pidFile, String(process.pid));
      return async () => {
        rmSync(pidFile, { force: true });
        await release();
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
      let holder = NaN;
      try {
        holder = Number(readFileSync(pidFile, 'utf8'));
      } catch {
        // No pid yet: the holder is between taking the lock and writing it — alive.
      }
      if (attempt === 0 && Number.isInteger(holder) && holder !== process.pid && !processAlive(holder)) {
        rmSync(`${dir}.lock`, { recursive: true, force: true });
        continue;
      }
      throw new DatabaseInUseError(dir);
    }
  }
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = new Pool({ connectionString: opts.url, max: opts.poolSize ?? 10, connectionTimeoutMillis: opts.poolWaitMs ?? 10_000 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pg',
      pool,
      migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
    };
  }
  const dir = opts.pgliteDir ?? 'memory://';
  const inMemory = dir.startsWith('memory://');
  let unlock: (() => Promise<void>) | undefined;
  if (!inMemory) {
    mkdirSync(dir, { recursive: true });
    unlock = await lockDataDir(dir, opts.lockWaitMs ?? 5_000);
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
