import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseInUseError, openDatabase } from '../../src/db/client';

// Finding 8: two servers on one PGlite folder both accepted writes and lost data. The folder
// is locked: a second open refuses with a clear message; once the first closes, it opens.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-lock-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('embedded database folder lock', () => {
  it('a second process on the same folder is refused, and gets in once the first has closed', async () => {
    const dataDir = path.join(dir, 'pglite');
    const first = await openDatabase({ pgliteDir: dataDir });
    const second = openDatabase({ pgliteDir: dataDir, lockWaitMs: 0 });
    await expect(second).rejects.toBeInstanceOf(DatabaseInUseError);
    await expect(second).rejects.toThrow(/ya está en uso por otro proceso de Taquilla.*DATABASE_URL/);
    await first.close();
    const again = await openDatabase({ pgliteDir: dataDir, lockWaitMs: 0 });
    await again.close();
  });
});
