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
