import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const OPS = import.meta.dirname;
const origin = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-ops-'));
const V1 = JSON.parse(fs.readFileSync(path.join(OPS, '../../mfe-account/package.json'), 'utf8')).version;

function run(command, ...args) {
  const result = spawnSync(process.execPath, [path.join(OPS, `${command}.mjs`), ...args], {
    env: { ...process.env, ORIGIN_DIR: origin },
    encoding: 'utf8',
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** Every file under the origin with its content: "nothing changed" means this is equal. */
function snapshot() {
  const files = {};
  const walk = (dir) => {
    for (const name of fs.readdirSync(dir)) {
      const file = path.join(dir, name);
      if (fs.statSync(file).isDirectory()) walk(file);
      else files[path.relative(origin, file)] = fs.readFileSync(file, 'utf8');
    }
  };
  walk(origin);
  return files;
}

const registry = () => JSON.parse(fs.readFileSync(path.join(origin, 'remotes.json'), 'utf8'));

beforeAll(() => {
  // Real builds (into a temp folder); refusals happen before any build.
  const first = run('release', 'account');
  expect(first.code, first.err).toBe(0);
});
afterAll(() => fs.rmSync(origin, { recursive: true, force: true }));

describe('release', () => {
  it('published the built remote into an immutable versioned folder and made it live', () => {
    const version = JSON.parse(fs.readFileSync(path.join(OPS, '../../mfe-account/package.json'), 'utf8')).version;
    expect(fs.existsSync(path.join(origin, 'account', version, 'mf-manifest.json'))).toBe(true);
    expect(fs.existsSync(path.join(origin, 'account', version, 'remoteEntry.js'))).toBe(true);
    const entry = registry().remotes.account;
    expect(entry.current).toBe(version);
    expect(entry.history).toEqual([
      { version, entry: `account/${version}/mf-manifest.json`, publishedAt: expect.any(String) },
    ]);
    // No half-copied temp folders or temp registry files are left behind.
    expect(fs.readdirSync(path.join(origin, 'account'))).toEqual([version]);
    expect(fs.readdirSync(origin).sort()).toEqual(['account', 'remotes.json']);
  });

  it('refuses to publish an existing version again and changes nothing', () => {
    const before = snapshot();
    const again = run('release', 'account', '--no-build');
    expect(again.code).not.toBe(0);
    expect(again.err).toMatch(/ya está publicado/);
    expect(snapshot()).toEqual(before);
  });

  it('a second version keeps the first folder byte for byte and records history', () => {
    const before = snapshot();
    const dist = path.join(OPS, '../../mfe-account/dist');
    const distBefore = fs.existsSync(dist) ? fs.readdirSync(dist).sort() : null;
    const second = run('release', 'account', '--version', '1.0.1-test');
    expect(second.code, second.err).toBe(0);
    expect(second.out).toMatch(/→ 1\.0\.1-test/);
    const after = snapshot();
    for (const [file, content] of Object.entries(before)) {
      if (file !== 'remotes.json') expect(after[file]).toBe(content);
    }
    const entry = registry().remotes.account;
    expect(entry.current).toBe('1.0.1-test');
    expect(entry.history.map((h) => h.version)).toEqual([V1, '1.0.1-test']);
    // The release built in a temp folder: the package's own dist/ is untouched.
    expect(fs.existsSync(dist) ? fs.readdirSync(dist).sort() : null).toEqual(distBefore);
  });

  it.each([
    [['nope'], /Remoto desconocido: "nope"/],
    [[], /Falta el remoto/],
    [['account', '--version', 'latest'], /Versión inválida/],
    [['account', '--frobnicate'], /Opción desconocida/],
  ])('refuses bad arguments %j with a clear message and no change', (args, message) => {
    const before = snapshot();
    const result = run('release', ...args);
    expect(result.code).not.toBe(0);
    expect(result.err).toMatch(message);
    expect(snapshot()).toEqual(before);
  });
});

describe('rollback and status', () => {
  it('rolls back to the previous version without touching any release folder', () => {
    const before = snapshot();
    const result = run('rollback', 'account');
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain(`account: 1.0.1-test → ${V1}`);
    expect(registry().remotes.account.current).toBe(V1);
    const after = snapshot();
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const file of Object.keys(before)) if (file !== 'remotes.json') expect(after[file]).toBe(before[file]);
  });

  it('rolls forward to a named version', () => {
    const result = run('rollback', 'account', '1.0.1-test');
    expect(result.code, result.err).toBe(0);
    expect(registry().remotes.account.current).toBe('1.0.1-test');
  });

  it.each([
    [['account', '9.9.9'], /no está en el historial/],
    [['account', '1.0.1-test'], /ya es la versión en vigor/],
    [['catalog'], /no tiene versiones publicadas/],
    [['nope'], /Remoto desconocido/],
  ])('refuses %j and changes nothing', (args, message) => {
    const before = snapshot();
    const result = run('rollback', ...args);
    expect(result.code).not.toBe(0);
    expect(result.err).toMatch(message);
    expect(snapshot()).toEqual(before);
  });

  it('refuses to go back past the first release', () => {
    run('rollback', 'account', V1);
    const before = snapshot();
    const result = run('rollback', 'account');
    expect(result.code).not.toBe(0);
    expect(result.err).toMatch(/no tiene una versión anterior/);
    expect(snapshot()).toEqual(before);
  });

  it('status lists the live version and the history of every remote', () => {
    const result = run('status');
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain(`account: en vigor ${V1}`);
    expect(result.out).toContain(`* ${V1}`);
    expect(result.out).toMatch(/ {3}1\.0\.1-test/);
    expect(result.out).toMatch(/catalog: sin publicar/);
  });

  it('a malformed registry is refused by every command, untouched', () => {
    const file = path.join(origin, 'remotes.json');
    const good = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, '{ not json');
    try {
      for (const args of [['status'], ['rollback', 'account'], ['release', 'account', '--version', '2.0.0', '--no-build']]) {
        const result = run(...args);
        expect(result.code).not.toBe(0);
        expect(result.err).toMatch(/no es JSON válido/);
      }
      expect(fs.readFileSync(file, 'utf8')).toBe('{ not json');
      expect(fs.existsSync(path.join(origin, 'account', '2.0.0'))).toBe(false);
    } finally {
      fs.writeFileSync(file, good);
    }
  });
});
