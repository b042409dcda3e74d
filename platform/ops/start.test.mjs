import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// `npm start` is the newcomer's first command: on a fresh clone nothing is installed yet, so
// start.mjs must get to its install step with Node's own modules only. This runs a copy of the
// ops folder where no node_modules exists, with an `npx` that fails like a failed install: the
// command must say the install failed, not crash on a missing package.
let tmp = '';
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('npm start on a fresh clone', () => {
  it('reaches the install step before it needs any installed package', () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-start-'));
    const here = import.meta.dirname;
    fs.cpSync(here, path.join(tmp, 'platform', 'ops'), { recursive: true });
    fs.copyFileSync(path.join(here, '..', 'registry.mjs'), path.join(tmp, 'platform', 'registry.mjs'));
    const bin = path.join(tmp, 'bin');
    fs.mkdirSync(bin);
    fs.writeFileSync(path.join(bin, 'npx'), '#!/bin/sh\necho "instalación simulada: sin red" >&2\nexit 7\n', { mode: 0o755 });

    const run = spawnSync(process.execPath, [path.join(tmp, 'platform', 'ops', 'start.mjs')], {
      cwd: tmp,
      env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, SKIP_INSTALL: '' },
      encoding: 'utf8',
    });
    expect(run.stderr).not.toMatch(/ERR_MODULE_NOT_FOUND|Cannot find package/);
    expect(run.stdout).toContain('▶ instalando dependencias…');
    expect(run.stderr).toContain('✖ pnpm install falló (código 7).');
    expect(run.status).toBe(1);
  });
});
