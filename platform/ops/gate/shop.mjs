// The shop the smoke mount runs in when the gate is given none (GATE_SHOP_URL): the live shell
// (SHELL_DIR) served by the API on this machine, with the live registry and remotes of the
// origin being released to, on a throwaway copy of a demo database. Never the production
// database: buyers' data stays out of a release, and the smoke's seat pick holds nothing real.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT, startServer } from '../lib.mjs';

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the shop. The demo database is migrated and seeded once (about 30 s here) into
 * GATE_PGLITE_DIR (default .data/gate-pglite) and copied for each run (a start on a copy takes
 * about 6 s), so runs at once never share one. `origin`: { kind, location } of the origin whose
 * registry and remotes it serves. Returns its URL and the function that stops it.
 */
export async function startGateShop({ origin, shellDir }) {
  const seed = path.resolve(process.env.GATE_PGLITE_DIR || path.join(ROOT, '.data', 'gate-pglite'));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-gate-shop-'));
  const db = path.join(work, 'pglite');
  const seeded = fs.existsSync(path.join(seed, 'PG_VERSION'));
  if (seeded) fs.cpSync(seed, db, { recursive: true });
  let child;
  const stop = async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
    if (!seeded && child) {
      try {
        fs.mkdirSync(path.dirname(seed), { recursive: true });
        fs.renameSync(db, seed);
      } catch {
        // another run kept its copy first: the next run copies that one
      }
    }
    fs.rmSync(work, { recursive: true, force: true });
  };
  try {
    const started = await startServer({
      port: await freePort(),
      stdio: 'ignore',
      env: {
        SHELL_DIR: shellDir,
        ...(origin.kind === 'dir' ? { ORIGIN_DIR: origin.location, ORIGIN_S3_BUCKET: '' } : {}),
        // A bucket's registry is in PostgreSQL (ORIGIN_DATABASE_URL, else DATABASE_URL): keep it
        // while the shop's own data goes to the throwaway PGlite copy.
        ORIGIN_DATABASE_URL: process.env.ORIGIN_DATABASE_URL || process.env.DATABASE_URL || '',
        DATABASE_URL: '',
        PGLITE_DIR: db,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        SMTP_URL: '',
        DEV_MAILBOX: '0',
        ALLOW_REMOTE_OVERRIDES: '',
        ORIGIN_CACHE_MS: '0',
      },
    });
    child = started.child;
    return { base: started.base, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Runs `body(shopUrl)` with a shop started for it, stopped afterwards. */
export async function withGateShop(options, body) {
  const shop = await startGateShop(options);
  try {
    return await body(shop.base);
  } finally {
    await shop.stop();
  }
}
