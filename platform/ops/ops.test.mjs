import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dirFiles, opsSuite } from './ops-suite.mjs';

// release / rollback / status on the default origin, a local folder (ORIGIN_DIR).
const origin = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-ops-'));
afterAll(() => fs.rmSync(origin, { recursive: true, force: true }));

const backend = {
  env: () => ({ ORIGIN_DIR: origin, ORIGIN_S3_BUCKET: '' }),
  files: async () => dirFiles(origin),
  registry: async () => JSON.parse(fs.readFileSync(path.join(origin, 'remotes.json'), 'utf8')),
  registryFiles: new Set(['remotes.json', 'audit.jsonl']),
};

describe('on a local folder', () => {
  opsSuite(backend);

  it('keeps the registry and the audit log beside the version folders, and leaves no lock or temp file', () => {
    expect(fs.readdirSync(origin).sort()).toEqual(['account', 'audit.jsonl', 'auth', 'catalog', 'checkout', 'remotes.json', 'seating']);
    for (const remote of fs.readdirSync(origin).filter((f) => !f.includes('.'))) {
      expect(fs.readdirSync(path.join(origin, remote)).filter((f) => f.startsWith('.'))).toEqual([]);
    }
  });

  it('a malformed registry is refused by every command, untouched', () => {
    const file = path.join(origin, 'remotes.json');
    const good = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, '{ not json');
    try {
      for (const args of [['status'], ['rollback', 'account'], ['release', 'account', '--version', '2.0.0', '--no-build']]) {
        const result = spawnSync(process.execPath, [path.join(import.meta.dirname, `${args[0]}.mjs`), ...args.slice(1)], {
          env: { ...process.env, ...backend.env() },
          encoding: 'utf8',
        });
        expect(result.status).not.toBe(0);
        expect(result.stderr).toMatch(/no es JSON válido/);
      }
      expect(fs.readFileSync(file, 'utf8')).toBe('{ not json');
      expect(fs.existsSync(path.join(origin, 'account', '2.0.0'))).toBe(false);
    } finally {
      fs.writeFileSync(file, good);
    }
  });
});

describe('promoteCanary / abortCanary (lib.mjs, for other tools)', () => {
  it('end a canary on a given origin with the caller as actor, audited; rollback to the canary version ends it too', async () => {
    const { abortCanary, promoteCanary, publish, rollbackRemote } = await import('./lib.mjs');
    const { fakeBuild } = await import('./ops-suite.mjs');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-ops-lib-'));
    const build = (version) => fakeBuild(path.join(dir, 'builds', version), `checkout@${version}`, { big: false });
    const at = path.join(dir, 'origin');
    try {
      await publish('checkout', '1.0.0', { origin: at, dist: build('1.0.0') });
      await publish('checkout', '1.1.0', { origin: at, dist: build('1.1.0'), canary: 10 });
      const aborted = await abortCanary(at, 'checkout', { actor: 'telemetria', reason: 'errores: 4,1 % frente a 0,3 %' });
      expect(aborted).toEqual({ from: '1.1.0', to: '1.0.0', percent: 10 });
      await expect(abortCanary(at, 'checkout', { actor: 'telemetria' })).rejects.toThrow(/no tiene un canary en curso/);
      await publish('checkout', '1.2.0', { origin: at, dist: build('1.2.0'), canary: 50 });
      expect(await promoteCanary(at, 'checkout', { actor: 'ana' })).toEqual({ from: '1.0.0', to: '1.2.0', percent: 50 });
      await publish('checkout', '1.3.0', { origin: at, dist: build('1.3.0'), canary: 20 });
      await rollbackRemote('checkout', '1.3.0', { origin: at });
      const registry = JSON.parse(fs.readFileSync(path.join(at, 'remotes.json'), 'utf8'));
      expect(registry.remotes.checkout.current).toBe('1.3.0');
      expect(registry.remotes.checkout.canary).toBeUndefined();
      const audit = fs
        .readFileSync(path.join(at, 'audit.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(audit.map((a) => [a.action, a.from, a.to])).toEqual([
        ['release', null, '1.0.0'],
        ['canary', '1.0.0', '1.1.0'],
        ['abort', '1.1.0', '1.0.0'],
        ['canary', '1.0.0', '1.2.0'],
        ['promote', '1.0.0', '1.2.0'],
        ['canary', '1.2.0', '1.3.0'],
        ['rollback', '1.2.0', '1.3.0'],
      ]);
      expect(audit[2]).toMatchObject({ actor: 'telemetria', reason: 'errores: 4,1 % frente a 0,3 %' });
      expect(audit[4].actor).toBe('ana');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
