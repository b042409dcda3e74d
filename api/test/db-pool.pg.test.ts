import { sql } from 'drizzle-orm';
import net from 'node:net';
import { inject, afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { Pool, POOL_WAIT_TIMEOUT } from '../src/db/pool';
import { queryRows } from '../src/db/rows';

/**
 * The node-postgres pool behind `openDatabase` (src/db/pool.ts): a query PostgreSQL refused
 * keeps its connection, a broken connection is replaced, and a connection dropping while
 * checked out does not end the process. PostgreSQL server only (PGlite has no pool).
 */
describe('database pool', () => {
  let database: Database;
  let admin: Pool;

  const backendPid = async () => Number((await queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`))[0]!.pid);

  beforeAll(async () => {
    // One connection, so every query below runs on the same one while it lives.
    database = await openDatabase({ url: inject('pgBaseUrl'), poolSize: 1 });
    admin = new Pool({ connectionString: inject('pgBaseUrl'), max: 1 });
  });

  afterAll(async () => {
    await database?.close();
    await admin?.end();
  });

  it('keeps the connection after a query PostgreSQL answered with an error', async () => {
    const pid = await backendPid();
    await expect(database.db.execute(sql`select 1 / 0`)).rejects.toMatchObject({ cause: { code: '22012' } });
    // An error raised by a function, as reservar_lugares_cliente raises TQ409 when a seat is lost late.
    await expect(database.db.execute(sql`do $$ begin raise exception 'ASIENTOS_NO_DISPONIBLES' using errcode = 'TQ409'; end $$`)).rejects.toMatchObject({
      cause: { code: 'TQ409' },
    });
    expect(await backendPid()).toBe(pid);
  });

  it('a named statement whose result type changed under it is prepared again on a new connection', async () => {
    // A migration changing what a prepared statement returns, while this process runs.
    const table = `pool_prepared_${process.pid}`;
    await admin.query(`create table ${table} (a int)`);
    try {
      await admin.query(`insert into ${table} values (1)`);
      const pool = new Pool({ connectionString: inject('pgBaseUrl'), max: 1 });
      try {
        const statement = { name: 'pool_prepared', text: `select a from ${table}` };
        expect((await pool.query(statement)).rows).toEqual([{ a: 1 }]);
        await admin.query(`alter table ${table} alter column a type text`);
        await expect(pool.query(statement)).rejects.toMatchObject({ code: '0A000' });
        // Kept, the connection would refuse the statement on every call from now on.
        expect((await pool.query(statement)).rows).toEqual([{ a: '1' }]);
      } finally {
        await pool.end();
      }
    } finally {
      await admin.query(`drop table ${table}`);
    }
  });

  it('opens a new connection after its server process was terminated', async () => {
    const pid = await backendPid();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    // The idle connection learns of it when the server closes the socket; the next query gets a live one.
    await expect.poll(backendPid, { timeout: 5_000 }).not.toBe(pid);
  });

  it('a checked-out connection that drops rejects its query and does not end the process', async () => {
    const pool = new Pool({ connectionString: inject('pgBaseUrl'), max: 1 });
    try {
      const client = await pool.connect();
      const pid = Number((await client.query('select pg_backend_pid() as pid')).rows[0].pid);
      await admin.query('select pg_terminate_backend($1)', [pid]);
      // The server tells the idle connection it is terminated, then its process exits: node-postgres
      // emits `error` on the client, which with no listener is an uncaught exception that ends the
      // process (and fails this run). The pool's listener takes it.
      await expect
        .poll(async () => (await admin.query('select count(*)::int as n from pg_stat_activity where pid = $1', [pid])).rows[0].n, { timeout: 5_000 })
        .toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 200)); // the message is read on this side
      await expect(client.query('select 1')).rejects.toThrow();
      client.release(new Error('dropped'));
      const fresh = await pool.query('select pg_backend_pid() as pid');
      expect(Number(fresh.rows[0].pid)).not.toBe(pid);
    } finally {
      await pool.end();
    }
  });
});

describe('database pool: waiting for a connection', () => {
  it('a query or transaction that waits longer than poolWaitMs fails with POOL_WAIT_TIMEOUT, and the pool serves again once a connection is free', async () => {
    const database = await openDatabase({ url: inject('pgBaseUrl'), poolSize: 1, poolWaitMs: 150 });
    try {
      const pool = database.pool!;
      const taken = await pool.connect();
      await expect(database.db.execute(sql`select 1`)).rejects.toMatchObject({ cause: { code: POOL_WAIT_TIMEOUT } });
      await expect(database.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toMatchObject({ code: POOL_WAIT_TIMEOUT });
      taken.release();
      expect(await queryRows<{ n: number }>(database.db, sql`select 1 as n`)).toEqual([{ n: 1 }]);
    } finally {
      await database.close();
    }
  });

  it('a server that accepts the connection but never answers fails with ETIMEDOUT (the API answers 503)', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${port}/nada`, poolSize: 1, poolWaitMs: 150 });
    try {
      await expect(database.db.execute(sql`select 1`)).rejects.toMatchObject({ cause: { code: 'ETIMEDOUT' } });
    } finally {
      await database.close();
      silent.close();
    }
  });
});
