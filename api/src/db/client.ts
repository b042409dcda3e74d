import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { REPO_ROOT } from '../paths';
import { Pool } from './pool';
import { schema, type Schema } from './schema/index';

/** The drizzle database, whichever driver is behind it. Repositories take this (or a Tx). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
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
  /** PGlite folder: age after which a lock with no pid recorded is taken over (tests shorten it). Default 10 s. */
  lockOwnerlessStaleMs?: number;
}

/** A second process on one embedded database folder: both would accept writes and lose some. */
export class DatabaseInUseError extends Error {
  constructor(readonly dir: string) {
    super(
      `La base de datos embebida (${dir}) ya está en uso por otro proceso de Taquilla. ` +
        'Detén ese servidor primero, o usa DATABASE_URL (PostgreSQL) para varios procesos. ' +
        `Si acabas de detener otro servidor, espera unos segundos y vuelve a intentarlo.`,
    );
    this.name = 'DatabaseInUseError';
  }
}

/** Effectively never stale by age: PGlite can block the event loop for long (first initdb on a busy machine), so a holder is judged by its pid instead. */
const LOCK_STALE_MS = 24 * 60 * 60 * 1000;

/**
 * A lock with no pid beside it: its holder is between taking the lock and writing the pid (a
 * few microseconds), or it died there or while shutting down. Older than this, it is stale.
 */
const LOCK_WITHOUT_OWNER_STALE_MS = 10_000;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(pidFile: string): number {
  try {
    return Number(readFileSync(pidFile, 'utf8'));
  } catch {
    return NaN;
  }
}

/** Whether a lock held by someone else can be taken over: its recorded holder is dead, or it has had no holder recorded for too long. */
function lockIsStale(dir: string, pidFile: string, ownerlessStaleMs: number): boolean {
  const holder = readPid(pidFile);
  if (Number.isInteger(holder) && holder > 0) return holder !== process.pid && !processAlive(holder);
  try {
    return Date.now() - statSync(`${dir}.lock`).mtimeMs > ownerlessStaleMs;
  } catch {
    return false; // already gone: the next attempt takes it
  }
}

/**
 * An exclusive lock on a PGlite folder (proper-lockfile: `<dir>.lock`) with the holder's pid in
 * `<dir>.pid`. A lock whose holder died (SIGKILL, power loss) is taken over at once, one with no
 * pid once it is `ownerlessStaleMs` old; a live holder makes this open fail after `waitMs`.
 * Releasing drops the lock first and then the pid (only if it is still ours), so a process
 * killed in between leaves a pid with no lock, which blocks nobody.
 */
async function lockDataDir(dir: string, waitMs: number, ownerlessStaleMs: number): Promise<() => Promise<void>> {
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
        await release();
        if (readPid(pidFile) === process.pid) rmSync(pidFile, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
      if (attempt === 0 && lockIsStale(dir, pidFile, ownerlessStaleMs)) {
        rmSync(`${dir}.lock`, { recursive: true, force: true });
        continue;
      }
      throw new DatabaseInUseError(dir);
    }
  }
}

/** Session-level advisory lock key held while migrating: processes starting together migrate one at a time. */
const MIGRATION_LOCK_KEY = 424_243;

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = new Pool({ connectionString: opts.url, max: opts.poolSize ?? 10, connectionTimeoutMillis: opts.poolWaitMs ?? 10_000 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pg',
      pool,
      // One process at a time (an advisory lock, and the migrations on that same connection): the next one then
      // finds every migration applied. Without it, processes starting together on one
      // database race on the same CREATE statements and all but one crash.
      migrate: async () => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          try {
            await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
          } finally {
            await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
          }
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const dir = opts.pgliteDir ?? 'memory://';
  const inMemory = dir.startsWith('memory://');
  let unlock: (() => Promise<void>) | undefined;
  if (!inMemory) {
    mkdirSync(dir, { recursive: true });
    unlock = await lockDataDir(dir, opts.lockWaitMs ?? 5_000, opts.lockOwnerlessStaleMs ?? LOCK_WITHOUT_OWNER_STALE_MS);
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
