import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { startApiProcess, stopApiProcesses, type ApiProcess } from './support/api-process';
import { adminQuery, databaseUrl } from './support/template';

/**
 * Processes starting together on one database migrate one at a time (an advisory lock), so
 * none crashes on another's CREATE (`duplicate key … pg_type_typname_nsp_index`, `relation …
 * already exists`). Each case gets an empty database of its own.
 */
const API_DIR = path.resolve(import.meta.dirname, '..');
const created: string[] = [];
const servers: ApiProcess[] = [];

async function emptyDatabase(tag: string): Promise<string> {
  const name = `taquilla_${tag}_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(inject('pgBaseUrl'), `create database "${name}"`);
  created.push(name);
  return databaseUrl(inject('pgBaseUrl'), name);
}

async function counts(url: string) {
  const database = await openDatabase({ url, poolSize: 1 });
  try {
    const [row] = await queryRows<{ migraciones: number; tablas: number; eventos: number; nombres: number }>(
      database.db,
      sql`select (select count(*)::int from drizzle.__drizzle_migrations) as migraciones,
                 (select count(*)::int from information_schema.tables where table_schema = 'public') as tablas,
                 (select count(*)::int from eventos) as eventos,
                 (select count(distinct nombre)::int from eventos) as nombres`,
    );
    return row!;
  } finally {
    await database.close();
  }
}

function migrateCommand(url: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/migrate.ts'], { cwd: API_DIR, env: { ...process.env, DATABASE_URL: url } });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('close', (code) => resolve({ code, output }));
  });
}

afterAll(async () => {
  await stopApiProcesses(servers);
  for (const name of created) await adminQuery(inject('pgBaseUrl'), `drop database if exists "${name}" with (force)`);
});

describe('migrations as one locked step', { timeout: 240_000 }, () => {
  it('three `migrate` commands started at once on an empty database all succeed, and the schema is built once', async () => {
    const url = await emptyDatabase('mig3');
    const runs = await Promise.all([migrateCommand(url), migrateCommand(url), migrateCommand(url)]);
    for (const run of runs) {
      expect(run.output).toContain('✔ migraciones aplicadas');
      expect(run.code).toBe(0);
    }
    const after = await counts(url);
    const files = readdirSync(path.join(API_DIR, 'drizzle')).filter((f) => f.endsWith('.sql'));
    expect(after.migraciones).toBe(files.length);
    expect(after.eventos).toBe(0);
  });

  it('three API processes started at once on an empty database all start, migrate once and seed once', async () => {
    const url = await emptyDatabase('api3');
    const started = await Promise.allSettled([startApiProcess(url), startApiProcess(url), startApiProcess(url)]);
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    expect(started.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const after = await counts(url);
    expect(after.tablas).toBeGreaterThan(10);
    expect(after.eventos).toBeGreaterThan(0);
    expect(after.eventos).toBe(after.nombres);
    // Every process answers from the one schema.
    for (const server of servers) {
      const res = await fetch(`${server.base}/api/v1/eventos/get_all?tipoDispositivo=web`, { headers: { 'x-api-key': 'taquilla-dev-key' } });
      expect(res.status).toBe(200);
    }
  });
});
