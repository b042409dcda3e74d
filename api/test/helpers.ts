import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../src/app';
import { DEFAULT_API_KEY } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { adminQuery, databaseUrl } from './template';

export { DEFAULT_API_KEY as TEST_API_KEY };

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** app.inject with the API key header already set. */
  request(opts: InjectOptions | string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database for this test file: PGlite loaded from the template
 * tarball (`pnpm test`) or a PostgreSQL database cloned from the template (`pnpm test:pg`).
 */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (inject('dbMode') === 'pg') {
    const base = inject('pgBaseUrl');
    const name = `taquilla_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(base, `create database "${name}" template "${inject('pgTemplateDb')}"`);
    const database = await openDatabase({ url: databaseUrl(base, name), poolSize: 4 });
    return { database, drop: () => adminQuery(base, `drop database if exists "${name}" with (force)`) };
  }
  const tar = readFileSync(inject('pgliteTemplate'));
  const database = await openDatabase({ pgliteDir: 'memory://', loadDataDir: new Blob([tar]) });
  return { database, drop: async () => {} };
}

/**
 * The app on its own fresh database, logger off. Other modules' tests reuse it:
 *   const t = await buildTestApp(); const res = await t.request('/api/v1/eventos/get_all');
 */
export async function buildTestApp(opts: Omit<BuildAppOptions, 'db'> = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const app = await buildApp({ logger: false, validateResponses: true, ...opts, db: database, migrate: opts.migrate ?? false, seed: opts.seed ?? false });
  await app.ready();
  return {
    app,
    database,
    request: (o) => {
      const options: InjectOptions = typeof o === 'string' ? { url: o } : o;
      return app.inject({ ...options, headers: { 'x-api-key': DEFAULT_API_KEY, ...(options.headers ?? {}) } });
    },
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
