import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { buildTestApp } from './support/app';
import { api, login } from './support/cuenta';
import { adminQuery, databaseUrl } from './support/template';

/**
 * docs/runbooks/backup-restore.md, step by step: a shop with purchases and a signed-in buyer is
 * backed up (PostgreSQL: pg_dump; PGlite: a copy of the stopped folder), restored into a fresh
 * database, and the restored one serves the same purchases, tickets and session.
 */
const DEMO = { email: 'demo@taquilla.mx', password: 'Demo1234' };
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** What the buyer sees of their purchases: events, and each one's tickets with their QR payloads. */
async function purchases(database: Database, token: string) {
  const t = await buildTestApp({ database });
  try {
    const list = await api(t, 'GET', '/eventos/mis_eventos', token);
    expect(list.statusCode, list.body).toBe(200);
    const { proximos, pasados } = list.json() as { proximos: { id: number }[]; pasados: { id: number }[] };
    const detalle: Record<number, string[]> = {};
    for (const e of [...proximos, ...pasados]) {
      const res = await api(t, 'GET', `/eventos/mis_eventos/${e.id}`, token);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { boletos: { quemadoUUID: string }[]; pasesGenerales: { quemadoUUID: string }[] };
      detalle[e.id] = [...body.boletos, ...body.pasesGenerales].map((b) => b.quemadoUUID).sort();
    }
    return { eventos: [...proximos, ...pasados].map((e) => e.id).sort(), detalle };
  } finally {
    await t.close();
  }
}

async function signIn(database: Database): Promise<string> {
  const t = await buildTestApp({ database });
  try {
    return await login(t, DEMO.email, DEMO.password);
  } finally {
    await t.close();
  }
}

describe('backup and restore (docs/runbooks/backup-restore.md)', { timeout: 180_000 }, () => {
  it('the restored database serves the same purchases, tickets and session', async () => {
    if (inject('dbMode') === 'pg') {
      const base = inject('pgBaseUrl');
      const stamp = `${process.pid}_${Date.now().toString(36)}`;
      const [original, restored] = [`taquilla_bk_${stamp}`, `taquilla_rs_${stamp}`];
      await adminQuery(base, `create database "${original}" template "${inject('pgTemplateDb')}"`);
      cleanups.push(() => adminQuery(base, `drop database if exists "${original}" with (force)`));
      const source = await openDatabase({ url: databaseUrl(base, original), poolSize: 2 });
      const token = await signIn(source);
      const before = await purchases(source, token);
      await source.close();
      expect(before.eventos.length).toBeGreaterThan(0);

      const dir = mkdtempSync(path.join(os.tmpdir(), 'taquilla-dump-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const dump = path.join(dir, 'taquilla.dump');
      execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, databaseUrl(base, original)]);
      await adminQuery(base, `drop database "${original}" with (force)`); // the disaster
      await adminQuery(base, `create database "${restored}"`);
      cleanups.push(() => adminQuery(base, `drop database if exists "${restored}" with (force)`));
      execFileSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${databaseUrl(base, restored)}`, dump]);

      const back = await openDatabase({ url: databaseUrl(base, restored), poolSize: 2 });
      cleanups.push(() => back.close());
      await back.migrate(); // what a start does: nothing left to apply
      expect(await purchases(back, token)).toEqual(before);
      return;
    }
    const dir = mkdtempSync(path.join(os.tmpdir(), 'taquilla-pglite-bk-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const folder = path.join(dir, 'pglite');
    const source = await openDatabase({ pgliteDir: folder, loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
    const token = await signIn(source);
    const before = await purchases(source, token);
    await source.close(); // stopped: only then is the folder copied
    expect(before.eventos.length).toBeGreaterThan(0);
    const copy = path.join(dir, 'copia');
    cpSync(folder, copy, { recursive: true });
    rmSync(folder, { recursive: true, force: true }); // the disaster
    const back = await openDatabase({ pgliteDir: copy, lockWaitMs: 0 });
    cleanups.push(() => back.close());
    await back.migrate();
    expect(await purchases(back, token)).toEqual(before);
  });
});
