import pg from 'pg';

/**
 * Errors after which the session cannot run the query again, although it answers: a named
 * prepared statement whose result type changed under it (a migration while this process ran),
 * or one the server no longer has. node-postgres remembers the statement as prepared on that
 * connection, so only a new connection prepares it again.
 */
const STALE_STATEMENT = new Set(['0A000', '26000']);

/**
 * PostgreSQL answered the query with an ordinary error (a refused hold's TQ409, a unique
 * violation) and the connection is ready for the next query. A FATAL or PANIC error ends the
 * session; anything without a SQLSTATE (a socket error, a timeout) leaves the connection unknown.
 */
function keepsConnection(err: unknown): boolean {
  return err instanceof pg.DatabaseError && err.severity !== 'FATAL' && err.severity !== 'PANIC' && !STALE_STATEMENT.has(err.code ?? '');
}

/** `code` of the error a query or transaction gets after waiting DB_POOL_WAIT_MS for a connection. */
export const POOL_WAIT_TIMEOUT = 'POOL_WAIT_TIMEOUT';

/**
 * pg-pool's timeouts carry no code, only a message. Waiting longer than connectionTimeoutMillis
 * for a free connection gets `code` POOL_WAIT_TIMEOUT (every connection is busy: the API answers
 * 503 "try again in a few seconds"); a new connection that took too long to open gets ETIMEDOUT
 * (the server is unreachable or overloaded: 503 as well). test/db-pool.pg.test.ts pins both
 * messages, so a pg-pool upgrade that changes them fails there.
 */
function tagTimeout(err: unknown): unknown {
  if (!(err instanceof Error) || 'code' in err) return err;
  if (err.message === 'timeout exceeded when trying to connect') return Object.assign(err, { code: POOL_WAIT_TIMEOUT });
  if (err.message === 'Connection terminated due to connection timeout') return Object.assign(err, { code: 'ETIMEDOUT' });
  return err;
}

/**
 * node-postgres' pool, except that a query that failed with an ordinary database error gives
 * its connection back instead of closing it.
 *
 * `pg.Pool#query` closes the connection whenever a query fails. Every lost race on an on-sale
 * night (a seat taken between the check and the write, TQ409) then cost a new server process,
 * which connects and authenticates, and then compiles reservar_lugares_cliente and plans its statements
 * again on its first hold, while the other holds queue for the pool. A connection the client
 * sees broken is still closed by the pool on release (it checks the client's own state).
 *
 * A connection that drops never ends the process: node-postgres emits `error` on the client (a
 * checked-out one too; its query is rejected as well), and pg-pool re-emits an idle client's
 * error on the pool. An `error` event with no listener would be an uncaught exception, so the
 * pool and every client get one for their whole life; the broken client is removed on release
 * or, idle, by the pool itself.
 *
 * A request never waits without end for a connection: with connectionTimeoutMillis set
 * (DB_POOL_WAIT_MS), pg-pool's timeout errors get the codes above.
 */
export class Pool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    this.on('error', () => {});
    this.on('connect', (client) => client.on('error', () => {}));
  }
}

const poolQuery = pg.Pool.prototype.query;
const poolConnect = pg.Pool.prototype.connect;

Pool.prototype.connect = function connect(this: Pool, ...args: unknown[]) {
  if (args.length > 0) return (poolConnect as (...a: unknown[]) => unknown).apply(this, args);
  return (poolConnect as (this: Pool) => Promise<pg.PoolClient>).call(this).catch((err: unknown) => {
    throw tagTimeout(err);
  });
} as pg.Pool['connect'];

Pool.prototype.query = function query(this: Pool, ...args: unknown[]) {
  // Callback style and submittables (cursors, streams) keep pg's own handling; drizzle and our
  // code use the promise form.
  const first = args[0] as { submit?: unknown } | undefined;
  if (args.some((a) => typeof a === 'function') || typeof first?.submit === 'function') {
    return (poolQuery as (...a: unknown[]) => unknown).apply(this, args);
  }
  return (async () => {
    const client = await this.connect();
    try {
      const result = await client.query(args[0] as pg.QueryConfig, args[1] as unknown[] | undefined);
      client.release();
      return result;
    } catch (err) {
      client.release(keepsConnection(err) ? undefined : (err as Error));
      throw err;
    }
  })();
} as pg.Pool['query'];
