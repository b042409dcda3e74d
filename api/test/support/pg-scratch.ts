import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { adminQuery, databaseUrl } from './template';
import { agent, stopApiProcesses, type ApiProcess } from './api-process';

/**
 * A PostgreSQL database of its own for a `*.pg.test.ts` file, cloned from the run's migrated +
 * seeded template: its URL (for API processes), a connection for the test, and `close()`.
 */
export async function pgScratchDatabase(tag: string): Promise<{ url: string; database: Database; close(): Promise<void> }> {
  const baseUrl = inject('pgBaseUrl');
  const name = `taquilla_${tag}_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(baseUrl, `create database "${name}" template "${inject('pgTemplateDb')}"`);
  const url = databaseUrl(baseUrl, name);
  const database = await openDatabase({ url, poolSize: 4 });
  return {
    url,
    database,
    async close() {
      await database.close();
      await adminQuery(baseUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

/** The end of a `*.pg.test.ts` file: its API processes, the HTTP agent, then its database. */
export async function shutDown(servers: ApiProcess[], scratch: { close(): Promise<void> } | undefined): Promise<void> {
  agent.destroy();
  await stopApiProcesses(servers);
  await scratch?.close();
}
