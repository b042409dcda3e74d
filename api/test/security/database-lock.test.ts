import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseInUseError, openDatabase } from '../../src/db/client';

// Finding 8: two servers on one PGlite folder both accepted writes and lost data. The folder
// is locked: a second open refuses with a clear message; a dead holder's lock is taken over.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-lock-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Leaves `<dataDir>.lock` + `<dataDir>.pid` as a server with that pid would. */
function lockAs(dataDir: string, pid: number) {
  fs.mkdirSync(`${dataDir}.lock`, { recursive: true });
  fs.writeFileSync(`${dataDir}.pid`, String(pid));
}

// Each case creates a fresh PGlite folder (initdb): slow on a busy machine.
describe('embedded database folder lock', { timeout: 120_000 }, () => {
  it('a second open of the same folder is refused, and gets in once the first has closed', async () => {
    const dataDir = path.join(dir, 'uno');
    const first = await openDatabase({ pgliteDir: dataDir });
    const second = openDatabase({ pgliteDir: dataDir, lockWaitMs: 0 });
    await expect(second).rejects.toBeInstanceOf(DatabaseInUseError);
    await expect(second).rejects.toThrow(/ya está en uso por otro proceso de Taquilla.*DATABASE_URL/);
    await first.close();
    const again = await openDatabase({ pgliteDir: dataDir, lockWaitMs: 0 });
    await again.close();
  });

  it('another live process holding it: refused', async () => {
    const dataDir = path.join(dir, 'dos');
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      lockAs(dataDir, holder.pid!);
      await expect(openDatabase({ pgliteDir: dataDir, lockWaitMs: 0 })).rejects.toBeInstanceOf(DatabaseInUseError);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('a holder that died (SIGKILL) leaves no lock-out: the next start takes the folder over', async () => {
    const dataDir = path.join(dir, 'tres');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    lockAs(dataDir, Number(dead.stdout));
    const db = await openDatabase({ pgliteDir: dataDir, lockWaitMs: 0 });
    expect(fs.readFileSync(`${dataDir}.pid`, 'utf8')).toBe(String(process.pid));
    await db.close();
  });

  it('a server killed in the middle of its shutdown (lock left, pid gone): the next start takes the folder over once the lock is old', async () => {
    const dataDir = path.join(dir, 'cuatro');
    const client = path.resolve(import.meta.dirname, '../../src/db/client.ts');
    // A real process opens the folder, then dies where a shutdown once left the lock without
    // its pid: the pid file removed, the lock not yet released.
    const script = `
      const fs = await import('node:fs');
      const { openDatabase } = await import(${JSON.stringify(client)});
      await openDatabase({ pgliteDir: ${JSON.stringify(dataDir)} });
      fs.rmSync(${JSON.stringify(`${dataDir}.pid`)});
      process.kill(process.pid, 'SIGKILL');`;
    const killed = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: path.dirname(client), encoding: 'utf8' });
    expect(killed.signal).toBe('SIGKILL');
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(true);
    expect(fs.existsSync(`${dataDir}.pid`)).toBe(false);
    // Just left, it could be a holder between taking the lock and writing its pid: refused…
    // (the lock dated now: on a loaded box the child alone can take longer than the grace to open PGlite)
    const now = new Date();
    fs.utimesSync(`${dataDir}.lock`, now, now);
    await expect(openDatabase({ pgliteDir: dataDir, lockWaitMs: 0 })).rejects.toBeInstanceOf(DatabaseInUseError);
    // …once older than the grace, it is stale: the next start opens the folder and its data.
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(`${dataDir}.lock`, old, old);
    const db = await openDatabase({ pgliteDir: dataDir, lockWaitMs: 0 });
    expect(fs.readFileSync(`${dataDir}.pid`, 'utf8')).toBe(String(process.pid));
    await db.close();
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
    expect(fs.existsSync(`${dataDir}.pid`)).toBe(false);
  });

  it('a pid left without its lock (killed after releasing) blocks nobody', async () => {
    const dataDir = path.join(dir, 'cinco');
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      fs.writeFileSync(`${dataDir}.pid`, String(holder.pid));
      const db = await openDatabase({ pgliteDir: dataDir, lockWaitMs: 0 });
      await db.close();
    } finally {
      holder.kill('SIGKILL');
    }
  });
});
