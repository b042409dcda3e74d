import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../src/db/client';
import { freePort } from '../test/support/api-process';
import { adminQuery, databaseUrl } from '../test/support/template';
import { startOpenpaySandbox } from '@taquilla/openpay-sandbox';
import { fleetEnvironment, startBalancer } from './deploy-files';

/**
 * The fleet of api/fleet/fleet.ts, as the image and compose.yaml describe it: the server folder
 * (platform/deploy/assemble.mjs), a fresh database and its migration step, the remotes released
 * into a local S3 server, N replicas (`node api/dist/main.mjs`) and HAProxy in front.
 */
export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const API_KEY = 'taquilla-fleet-key';

export type Cleanups = (() => Promise<void> | void)[];

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function run(command: string, args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): void {
  const res = spawnSync(command, args, { cwd: opts.cwd ?? ROOT, env: { ...process.env, ...opts.env }, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${command} ${args.join(' ')} → ${res.status}\n${res.stdout}${res.stderr}`);
}

export async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 60_000, everyMs = 100): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await probe().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: no llegó en ${timeoutMs / 1000} s`);
    await sleep(everyMs);
  }
}

export async function status(url: string, headers: Record<string, string> = {}): Promise<number> {
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  return res.status;
}

export interface Replica {
  index: number;
  port: number;
  base: string;
  /** Its Prometheus `/metrics` (METRICS_PORT, a port of its own): what the replica itself counted. */
  metrics: string;
  child: ChildProcess | null;
}

export interface Fleet {
  replicas: Replica[];
  /** The balancer's URL. */
  lb: string;
  /** The Openpay sandbox the replicas pay through (where a buyer's browser tokenises a card). */
  sandboxUrl: string;
  /** The replicas' (and ops commands') environment. */
  env: Record<string, string>;
  /** A connection of the test's own to the fleet's database. */
  database: Database;
  startReplica(r: Replica): Promise<void>;
  stopReplica(r: Replica, signal: NodeJS.Signals): Promise<void>;
  /** Publishes a version of a remote already built (`--no-build`). */
  release(remote: string, version?: string): void;
}

/** A restarted replica is back in rotation after two passing health checks (haproxy.cfg: `inter 300ms rise 2`). */
export const backInRotation = () => sleep(1_200);

/**
 * The remotes' origin: a local S3-compatible server (s3rver, platform/ops/test-s3.mjs) in its
 * own process, with one bucket; the registry lives in the fleet's PostgreSQL (DATABASE_URL).
 */
async function startOrigin(cleanups: Cleanups): Promise<Record<string, string>> {
  const port = await freePort();
  const child = spawn(process.execPath, ['platform/ops/test-s3.mjs', '--port', String(port), '--bucket', 'taquilla-remotes'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(() => {
    child.kill('SIGTERM');
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`el servidor S3 local terminó (${code})`)));
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (!out.includes('# s3rver en')) return;
      const env = Object.fromEntries([...out.matchAll(/^export (\w+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));
      resolve(env);
    });
  });
}

/** Builds and starts the whole fleet; everything it starts is undone by `cleanups` (last first). */
export async function startFleet(opts: { baseUrl: string; haproxyBin: string; replicas: number; cleanups: Cleanups }): Promise<Fleet> {
  const { baseUrl, haproxyBin, cleanups } = opts;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-fleet-'));
  cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));

  // The image's files: the compiled server and migrations, production dependencies, the shell.
  run(process.execPath, ['api/scripts/build.mjs']);
  const serverDir = path.join(tmp, 'server');
  run(process.execPath, ['platform/deploy/assemble.mjs', serverDir]);

  const dbName = `taquilla_fleet_${process.pid}`;
  await adminQuery(baseUrl, `drop database if exists "${dbName}" with (force)`);
  await adminQuery(baseUrl, `create database "${dbName}"`);
  cleanups.push(() => adminQuery(baseUrl, `drop database if exists "${dbName}" with (force)`));
  const dbUrl = databaseUrl(baseUrl, dbName);

  const lbPort = await freePort();
  const replicas: Replica[] = [];
  for (let i = 0; i < opts.replicas; i += 1) {
    const port = await freePort();
    const metricsPort = await freePort();
    replicas.push({ index: i + 1, port, base: `http://127.0.0.1:${port}`, metrics: `http://127.0.0.1:${metricsPort}/metrics`, child: null });
  }
  const lb = `http://127.0.0.1:${lbPort}`;
  // One Openpay sandbox for every replica, as Openpay is one.
  const sandbox = await startOpenpaySandbox();
  cleanups.push(() => sandbox.close());
  const openpay = {
    OPENPAY_MERCHANT_ID: sandbox.merchantId,
    OPENPAY_PRIVATE_KEY: sandbox.privateKey,
    OPENPAY_PUBLIC_KEY: sandbox.publicKey,
    OPENPAY_PRODUCTION: '0',
    OPENPAY_API_URL: sandbox.url,
  };
  const env = fleetEnvironment({ databaseUrl: dbUrl, apiKey: API_KEY, publicUrl: lb, origin: await startOrigin(cleanups), openpay });

  const startReplica = async (r: Replica): Promise<void> => {
    const child = spawn(process.execPath, ['api/dist/main.mjs'], {
      cwd: serverDir,
      env: { ...process.env, ...env, PORT: String(r.port), METRICS_PORT: new URL(r.metrics).port, METRICS_HOST: '127.0.0.1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    r.child = child;
    child.once('exit', () => {
      if (r.child === child) r.child = null;
    });
    await waitFor(`réplica ${r.index} lista`, async () => (await status(`${r.base}/readyz`)) === 200);
  };
  const stopReplica = async (r: Replica, signal: NodeJS.Signals): Promise<void> => {
    const child = r.child;
    if (!child) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
  };
  const release = (remote: string, version?: string) =>
    run(process.execPath, ['platform/ops/release.mjs', remote, '--no-build', ...(version ? ['--version', version] : [])], { env });

  run(process.execPath, ['api/dist/migrate.mjs'], { cwd: serverDir, env });
  for (const remote of ['catalog', 'seating', 'checkout', 'account', 'auth']) release(remote);

  cleanups.push(async () => {
    for (const r of replicas) await stopReplica(r, 'SIGKILL');
  });
  await Promise.all(replicas.map((r) => startReplica(r)));
  const database = await openDatabase({ url: dbUrl, poolSize: 4 });
  cleanups.push(() => database.close());

  const balancer = await startBalancer({ bin: haproxyBin, port: lbPort, servers: replicas.map((r) => `127.0.0.1:${r.port}`) });
  cleanups.push(() => balancer.stop());
  return { replicas, lb, sandboxUrl: sandbox.url, env, database, startReplica, stopReplica, release };
}
