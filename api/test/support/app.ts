import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/app';
import { DEFAULT_API_KEY } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
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
 * tarball (`pnpm test`) or a PostgreSQL database cloned from the template (`pnpm test:pg`);
 * `pool` sizes the PostgreSQL pool (default 4 connections).
 */
export async function openTestDatabase(pool: { poolSize?: number; poolWaitMs?: number } = {}): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (inject('dbMode') === 'pg') {
    const base = inject('pgBaseUrl');
    const name = `taquilla_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(base, `create database "${name}" template "${inject('pgTemplateDb')}"`);
    const database = await openDatabase({ url: databaseUrl(base, name), poolSize: 4, ...pool });
    return { database, drop: () => adminQuery(base, `drop database if exists "${name}" with (force)`) };
  }
  const tar = readFileSync(inject('pgliteTemplate'));
  const database = await openDatabase({ pgliteDir: 'memory://', loadDataDir: new Blob([tar]) });
  return { database, drop: async () => {} };
}

export interface TestAppOptions extends Omit<BuildAppOptions, 'db'> {
  /**
   * Variables on top of the shell's environment that the app's configuration is read from
   * (process.env itself is never changed). Tests start with no SMTP server, no Redis and no mail
   * retry worker whatever the shell has set; a test that needs one says so.
   */
  env?: Record<string, string | undefined>;
  /** Another app on this database (a second configuration) instead of a fresh copy; closing it leaves the database open. */
  database?: Database;
}

/**
 * The one app builder of the API tests: the app on its own fresh database (or `database`),
 * logger off, every answer checked against its declared schema (`validateResponses`).
 *   const t = await buildTestApp(); const res = await t.request('/api/v1/eventos/get_all');
 */
export async function buildTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const { env, database: shared, ...appOpts } = opts;
  const { database, drop } = shared ? { database: shared, drop: undefined } : await openTestDatabase();
  const app = await buildApp({
    logger: false,
    ...appOpts,
    env: { ...process.env, MAIL_WORKER: '0', SMTP_URL: '', REDIS_URL: '', ...env },
    validateResponses: true,
    db: database,
    migrate: appOpts.migrate ?? false,
    seed: appOpts.seed ?? false,
  });
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
      if (!drop) return;
      await database.close();
      await drop();
    },
  };
}

/** `appWith(env)`: a test app with those settings, for one test file; every one it built is closed after the file's last test. */
export function appsPerFile(): (env: Record<string, string>) => Promise<FastifyInstance> {
  const opened: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of opened) await close();
  });
  return async (env) => {
    const { app, close } = await buildTestApp({ env });
    opened.push(close);
    return app;
  };
}
