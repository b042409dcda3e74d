import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startOpenpaySandbox } from '@taquilla/openpay-sandbox';
import { readConfig, REPO_ROOT } from '../../src/config';
import { MIGRATIONS_DIR, openDatabase, type Db } from '../../src/db/client';
import { seedIfEmpty } from '../../src/seed/seed';

/**
 * Test databases start from a migrated + seeded template, built once per run (PGlite: a
 * dumped data dir, cached on disk while migrations/seed/import code and the date are
 * unchanged; PostgreSQL: a template database cloned per test file).
 */
const TEMPLATE_DIR = path.join(REPO_ROOT, '.data', 'test-template');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/** Changes when anything that shapes the template changes (or the day changes: seed dates are relative). */
function templateKey(): string {
  const apiSrc = path.join(REPO_ROOT, 'api', 'src');
  const inputs = [MIGRATIONS_DIR, path.join(apiSrc, 'seed'), path.join(apiSrc, 'import'), path.join(apiSrc, 'db')].flatMap(filesUnder).sort();
  const hash = createHash('sha256');
  for (const f of inputs) hash.update(f).update(readFileSync(f));
  hash.update(new Date().toISOString().slice(0, 10));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The demo catalogue and the demo account, whose purchases are paid at an Openpay sandbox that
 * lives only while the template is made: tests that act on those charges run on their own
 * sandbox, which does not know them (as a restarted demo does not).
 */
async function seedTemplate(db: Db): Promise<void> {
  const sandbox = await startOpenpaySandbox();
  try {
    const { pagos } = readConfig({
      OPENPAY_MERCHANT_ID: sandbox.merchantId,
      OPENPAY_PRIVATE_KEY: sandbox.privateKey,
      OPENPAY_PUBLIC_KEY: sandbox.publicKey,
      OPENPAY_API_URL: sandbox.url,
    });
    await seedIfEmpty(db, undefined, new Date(), { pagos });
  } finally {
    await sandbox.close();
  }
}

/** Path of the PGlite template tarball, building it when missing. */
export async function ensurePgliteTemplate(): Promise<string> {
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  const file = path.join(TEMPLATE_DIR, `pglite-${templateKey()}.tar`);
  if (existsSync(file)) return file;
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await database.migrate();
  await seedTemplate(database.db);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const blob = await client.dumpDataDir('none');
  await database.close();
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
  renameSync(tmp, file);
  // Older templates (other code versions or days) are dead weight: ~90 MB each.
  for (const old of readdirSync(TEMPLATE_DIR)) {
    if (old.startsWith('pglite-') && old.endsWith('.tar') && path.join(TEMPLATE_DIR, old) !== file) rmSync(path.join(TEMPLATE_DIR, old), { force: true });
  }
  return file;
}

export function databaseUrl(base: string, dbName: string): string {
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  return url.toString();
}

export async function adminQuery(baseUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Creates a migrated + seeded PostgreSQL template database; returns its name. */
export async function createPgTemplate(baseUrl: string): Promise<string> {
  const name = `taquilla_tpl_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(baseUrl, `create database "${name}"`);
  const database = await openDatabase({ url: databaseUrl(baseUrl, name), poolSize: 2 });
  try {
    await database.migrate();
    await seedTemplate(database.db);
  } finally {
    await database.close();
  }
  return name;
}
