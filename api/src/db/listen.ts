import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './client';

export interface ListenOptions {
  /** A NOTIFY payload on the channel. */
  onMessage(payload: string): void;
  /** The LISTEN connection failed or ended: nothing more will arrive (listen again to resume). */
  onLost(err: Error): void;
}

/**
 * LISTEN on a PostgreSQL channel: on a server, with a connection of its own (a pooled one
 * goes back to the pool and stops hearing); on PGlite, with its in-process `listen`. Resolves
 * once listening, with the function that stops. `channel` is a constant identifier.
 */
export async function listenChannel(db: Db, kind: 'pglite' | 'pg', channel: string, opts: ListenOptions): Promise<() => Promise<void>> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (kind === 'pglite') return (client as PGlite).listen(channel, (payload) => opts.onMessage(payload));
  const conn = new pg.Client({ ...((client as pg.Pool).options as pg.ClientConfig), keepAlive: true });
  let stopped = false;
  const lost = (err: Error) => {
    if (stopped) return;
    stopped = true;
    conn.end().catch(() => {});
    opts.onLost(err);
  };
  conn.on('notification', (msg) => {
    if (msg.channel === channel) opts.onMessage(msg.payload ?? '');
  });
  conn.on('error', lost);
  conn.on('end', () => lost(new Error(`LISTEN ${channel}: connection ended`)));
  try {
    await conn.connect();
    await conn.query(`listen ${channel}`);
  } catch (err) {
    stopped = true;
    conn.end().catch(() => {});
    throw err;
  }
  return async () => {
    stopped = true;
    await conn.end();
  };
}
