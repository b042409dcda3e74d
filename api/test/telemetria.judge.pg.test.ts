import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app';
import { sessions, writeRegistry } from './support/telemetria';

/**
 * The release judge with several API processes on one PostgreSQL (two apps, two pools, one
 * database and origin): one judges at a time (advisory lock), and a bad release is rolled back once.
 */
let a: TestApp;
let b: TestApp;
let origin: string;
const env = () => ({ ORIGIN_DIR: origin, ORIGIN_S3_BUCKET: '', JUICIO_CADA_MS: '0', JUICIO_MIN_SESIONES: '20' });
const judge = (t: TestApp) => t.app.telemetria.judge.run();
const current = () => JSON.parse(fs.readFileSync(path.join(origin, 'remotes.json'), 'utf8')).remotes.catalog.current;

beforeAll(async () => {
  origin = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-juicio-pg-'));
  a = await buildTestApp({ env: env() });
  b = await buildTestApp({ env: env(), database: a.database });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  fs.rmSync(origin, { recursive: true, force: true });
});

async function badRelease() {
  fs.rmSync(path.join(origin, 'audit.jsonl'), { force: true });
  await a.database.db.execute(sql`delete from telemetria_remotos`);
  writeRegistry(origin, { catalog: { current: '1.0.1', versions: ['1.0.0', '1.0.1'], changedAt: new Date(Date.now() - 60_000).toISOString() } });
  await sessions(a.app, 'catalog', '1.0.0', 40, 1);
  await a.database.db.execute(sql`update telemetria_remotos set minuto = minuto - interval '2 hours'`);
  await sessions(b.app, 'catalog', '1.0.1', 30, 20);
}

describe('the release judge on PostgreSQL with two API processes', () => {
  it('skips its turn while another process holds the judge lock, and acts once it is free', async () => {
    await badRelease();
    let release!: () => void;
    let taken!: () => void;
    const lockTaken = new Promise<void>((resolve) => (taken = resolve));
    const holder = a.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(726026)`);
      taken();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await lockTaken;
    expect(await judge(b)).toEqual([]);
    expect(current()).toBe('1.0.1');
    release();
    await holder;
    expect(await judge(b)).toEqual([expect.objectContaining({ action: 'rollback', from: '1.0.1', to: '1.0.0' })]);
    expect(current()).toBe('1.0.0');
  });

  it('two processes judging at once roll a bad release back once', async () => {
    await badRelease();
    const [fromA, fromB] = await Promise.all([judge(a), judge(b)]);
    expect([...fromA, ...fromB]).toEqual([expect.objectContaining({ action: 'rollback', from: '1.0.1', to: '1.0.0' })]);
    const audit = fs.readFileSync(path.join(origin, 'audit.jsonl'), 'utf8').trim().split('\n');
    expect(audit).toHaveLength(1);
    expect(current()).toBe('1.0.0');
  });
});
