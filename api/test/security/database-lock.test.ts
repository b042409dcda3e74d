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
});
