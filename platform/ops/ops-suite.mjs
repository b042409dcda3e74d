// The behaviour of release / rollback / status / promote / abort, run as the commands themselves (child
// processes) against one origin backend: ops.test.mjs runs it on a local folder,
// ops-s3.pg.test.mjs on a bucket (s3rver) with its registry in PostgreSQL.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_FILE, buildContract } from '../build/contract-plugin.mjs';

const OPS = import.meta.dirname;
export const V1 = JSON.parse(fs.readFileSync(path.join(OPS, '../../mfe-account/package.json'), 'utf8')).version;

/**
 * @typedef {object} Backend
 * @property {() => Record<string, string>} env  what points the commands at the origin
 * @property {() => Promise<Record<string, string>>} files  every file of the origin (path under its root → content)
 * @property {() => Promise<import('../registry.mjs').Registry>} registry
 * @property {ReadonlySet<string>} registryFiles  files() entries that are the registry's, not a release's
 */

/**
 * The live shell as the release gate reads it (SHELL_DIR): here only its declaration, made from
 * the shell's sources as its build makes it, so the suite needs no shell build. The gate checks
 * account's real releases against it; the fake builds below can pass no gate and go out with
 * --force (the gate's own tests are in gate/gate.test.mjs).
 */
function shellDeclaration() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-ops-shell-'));
  const shell = path.join(OPS, '../../shell');
  const files = fs
    .readdirSync(path.join(shell, 'src'), { recursive: true })
    .map((f) => path.join(shell, 'src', f))
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f));
  const contract = buildContract({ kind: 'shell', name: 'shell', version: '1.0.0', dir: shell, files });
  fs.writeFileSync(path.join(dir, CONTRACT_FILE), JSON.stringify(contract));
  return dir;
}

/** Every file under `root` with its content: "nothing changed" means this is equal. */
export function dirFiles(root) {
  const all = {};
  const walk = (dir) => {
    for (const name of fs.readdirSync(dir)) {
      const file = path.join(dir, name);
      if (fs.statSync(file).isDirectory()) walk(file);
      else all[path.relative(root, file)] = fs.readFileSync(file, 'utf8');
    }
  };
  walk(root);
  return all;
}

/**
 * Runs a command as a child process: its exit code, stdout and stderr. Never spawnSync: the
 * test's S3 server runs in this process and must keep answering while a command runs.
 */
export function runner(backend, env = { SHELL_DIR: shellDeclaration() }) {
  const run = (command, ...args) =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [path.join(OPS, `${command}.mjs`), ...args], {
        env: { ...process.env, ...env, ...backend.env() },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.setEncoding('utf8').on('data', (chunk) => (out += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk) => (err += chunk));
      child.on('close', (code) => resolve({ code, out, err }));
    });
  return { run };
}

/**
 * A small build folder as a remote's build leaves it: manifest, entry and a hashed chunk; a
 * `big` chunk's brotli copy takes a moment (as a real release's does), so commands started
 * together really overlap.
 */
export function fakeBuild(dir, label, { big = true } = {}) {
  fs.mkdirSync(dir, { recursive: true });
  const chunk = `chunk.${Buffer.from(label).toString('hex').padEnd(10, '0').slice(0, 10)}.js`;
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, label, exposes: [] }));
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `// entry ${label}\nimport('./${chunk}');\n`);
  const lines = Array.from({ length: big ? 6000 : 40 }, (_, i) => `export const v${i} = ${JSON.stringify(`${label}-${(i * 7919) % 10007}`)};`);
  fs.writeFileSync(path.join(dir, chunk), lines.join('\n'));
  return dir;
}

/** @param {Backend} backend */
export function opsSuite(backend) {
  const { run } = runner(backend);
  const start = run;
  const snapshot = async () => backend.files();
  const releaseFiles = (files) => Object.keys(files).filter((f) => !backend.registryFiles.has(f));

  beforeAll(async () => {
    // Real builds (into a temp folder); refusals happen before any build.
    const first = await run('release', 'account');
    expect(first.code, first.err).toBe(0);
  });

  describe('release', () => {
    it('published the built remote into an immutable versioned folder and made it live', async () => {
      const files = await snapshot();
      expect(files[`account/${V1}/mf-manifest.json`]).toBeDefined();
      expect(files[`account/${V1}/remoteEntry.js`]).toBeDefined();
      const entry = (await backend.registry()).remotes.account;
      expect(entry.current).toBe(V1);
      expect(entry.history).toEqual([{ version: V1, entry: `account/${V1}/mf-manifest.json`, publishedAt: expect.any(String) }]);
      // Only the version's files (no half-copied temp folder), and no HTML page of the build.
      expect(releaseFiles(files).every((f) => f.startsWith(`account/${V1}/`) && !f.endsWith('.html'))).toBe(true);
    });

    it('refuses to publish an existing version again and changes nothing', async () => {
      const before = await snapshot();
      const again = await run('release', 'account', '--no-build');
      expect(again.code).not.toBe(0);
      expect(again.err).toMatch(/ya está publicado/);
      expect(await snapshot()).toEqual(before);
    });

    it('a second version keeps the first folder byte for byte and records history', async () => {
      const before = await snapshot();
      const dist = path.join(OPS, '../../mfe-account/dist');
      const distBefore = fs.existsSync(dist) ? fs.readdirSync(dist).sort() : null;
      const second = await run('release', 'account', '--version', '1.0.1-test', '--reason', 'probar la 1.0.1');
      expect(second.code, second.err).toBe(0);
      expect(second.out).toMatch(/→ 1\.0\.1-test/);
      const after = await snapshot();
      for (const file of releaseFiles(before)) expect(after[file]).toBe(before[file]);
      const entry = (await backend.registry()).remotes.account;
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
      [['account', '--version', '9.0.0', '--dist'], /Falta el valor de --dist/],
    ])('refuses bad arguments %j with a clear message and no change', async (args, message) => {
      const before = await snapshot();
      const result = await run('release', ...args);
      expect(result.code).not.toBe(0);
      expect(result.err).toMatch(message);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('rollback and status', () => {
    it('rolls back to the previous version without touching any release folder', async () => {
      const before = await snapshot();
      const result = await run('rollback', 'account', '--reason', 'la 1.0.1 falla en el pago');
      expect(result.code, result.err).toBe(0);
      expect(result.out).toContain(`account: 1.0.1-test → ${V1}`);
      expect((await backend.registry()).remotes.account.current).toBe(V1);
      const after = await snapshot();
      expect(releaseFiles(after)).toEqual(releaseFiles(before));
      for (const file of releaseFiles(before)) expect(after[file]).toBe(before[file]);
    });

    it('rolls forward to a named version', async () => {
      const result = await run('rollback', 'account', '1.0.1-test');
      expect(result.code, result.err).toBe(0);
      expect((await backend.registry()).remotes.account.current).toBe('1.0.1-test');
    });

    it.each([
      [['account', '9.9.9'], /no está en el historial/],
      [['account', '1.0.1-test'], /ya es la versión en vigor/],
      [['catalog'], /no tiene versiones publicadas/],
      [['nope'], /Remoto desconocido/],
      [['account', '--reason'], /Falta el valor de --reason/],
    ])('refuses %j and changes nothing', async (args, message) => {
      const before = await snapshot();
      const result = await run('rollback', ...args);
      expect(result.code).not.toBe(0);
      expect(result.err).toMatch(message);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses to go back past the first release', async () => {
      await run('rollback', 'account', V1);
      const before = await snapshot();
      const result = await run('rollback', 'account');
      expect(result.code).not.toBe(0);
      expect(result.err).toMatch(/no tiene una versión anterior/);
      expect(await snapshot()).toEqual(before);
    });

    it('status lists the live version and the history of every remote', async () => {
      const result = await run('status');
      expect(result.code, result.err).toBe(0);
      expect(result.out).toContain(`account: en vigor ${V1}`);
      expect(result.out).toContain(`* ${V1}`);
      expect(result.out).toMatch(/ {3}1\.0\.1-test/);
      expect(result.out).toMatch(/catalog: sin publicar/);
    });

    it('status shows the latest changes: when, what, from → to, who and why', async () => {
      const result = await run('status');
      // The section ends at the next blank line (the waiting rooms follow it).
      const changes = result.out.slice(result.out.indexOf('Últimos cambios:')).split('\n\n')[0].split('\n').slice(1).filter(Boolean);
      // Newest first: the two rollbacks of the tests above, the rollback with its reason, the two releases.
      expect(changes).toHaveLength(5);
      expect(changes[0]).toMatch(new RegExp(`account cambió 1\\.0\\.1-test → ${V1.replace(/\./g, '\\.')}  por \\S+@\\S+$`));
      expect(changes[2]).toMatch(/account cambió 1\.0\.1-test → .* — «la 1\.0\.1 falla en el pago»$/);
      expect(changes[3]).toMatch(/account publicó .* → 1\.0\.1-test {2}por .* — «probar la 1\.0\.1»$/);
      expect(changes[4]).toMatch(/^ {2}\d{4}-\d\d-\d\dT\S+Z {2}account publicó \(ninguna\) → /);
    });
  });

  describe('commands started together', () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-ops-builds-'));
    const build = (remote, version, options) => fakeBuild(path.join(tmp, `${remote}-${version}`), `${remote}@${version}`, options);
    const FORCE = ['--force', '--reason', 'compilación de prueba'];
    const release = (remote, version) => start('release', remote, '--version', version, '--dist', build(remote, version), ...FORCE);
    const others = ['catalog', 'seating', 'checkout', 'auth'];
    afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

    it('releases and rollbacks of different remotes at once all land, each in the audit log', async () => {
      for (const remote of others) {
        for (const version of ['2.0.0', '2.0.1']) {
          const result = await run('release', remote, '--version', version, '--dist', build(remote, version, { big: false }), ...FORCE);
          expect(result.code, result.err).toBe(0);
        }
      }
      const current = async () => Object.fromEntries(Object.entries((await backend.registry()).remotes).map(([r, e]) => [r, e.current]));
      // Round 1: two releases and two rollbacks; round 2: the other way round.
      const rounds = [
        { release: ['catalog', 'seating'], rollback: ['checkout', 'auth'] },
        { release: ['checkout', 'auth'], rollback: ['catalog', 'seating'] },
      ];
      const expected = { catalog: '2.0.1', seating: '2.0.1', checkout: '2.0.1', auth: '2.0.1' };
      for (const [i, round] of rounds.entries()) {
        const version = `2.1.${i}`;
        const results = await Promise.all([
          ...round.release.map((remote) => release(remote, version)),
          ...round.rollback.map((remote) => start('rollback', remote, '--reason', `ronda ${i}`)),
        ]);
        for (const result of results) expect(result.code, `${result.out}${result.err}`).toBe(0);
        for (const remote of round.release) expected[remote] = version;
        for (const remote of round.rollback) expected[remote] = expected[remote] === '2.0.1' ? '2.0.0' : '2.0.1';
        expect(await current()).toMatchObject(expected);
      }
      const registry = await backend.registry();
      // No release is missing from a history (a lost update leaves its version in none).
      for (const remote of ['catalog', 'seating']) expect(registry.remotes[remote].history.map((h) => h.version)).toEqual(['2.0.0', '2.0.1', '2.1.0']);
      for (const remote of ['checkout', 'auth']) expect(registry.remotes[remote].history.map((h) => h.version)).toEqual(['2.0.0', '2.0.1', '2.1.1']);
      // Every change is in the audit log (status shows the last 10: these 8 among them).
      const status = await run('status');
      const changes = status.out.slice(status.out.indexOf('Últimos cambios:')).split('\n').slice(1).filter(Boolean);
      expect(changes.filter((c) => /«ronda [01]»$/.test(c))).toHaveLength(4);
      expect(changes.filter((c) => / publicó con --force \(sin la puerta\) \S+ → 2\.1\.[01] {2}por .* — «compilación de prueba»$/.test(c))).toHaveLength(4);
    });

    it('two releases of one version at once: one lands, the other is refused, and the files are the winner’s', async () => {
      const a = fakeBuild(path.join(tmp, 'same-a'), 'seating@3.0.0 a');
      const b = fakeBuild(path.join(tmp, 'same-b'), 'seating@3.0.0 b');
      const results = await Promise.all([a, b].map((dist) => start('release', 'seating', '--version', '3.0.0', '--dist', dist, ...FORCE)));
      const won = results.findIndex((r) => r.code === 0);
      expect(results.map((r) => r.code === 0).sort()).toEqual([false, true]);
      expect(results[1 - won].err).toMatch(/ya está publicado/);
      const files = await snapshot();
      const winner = [a, b][won];
      expect(files['seating/3.0.0/remoteEntry.js']).toBe(fs.readFileSync(path.join(winner, 'remoteEntry.js'), 'utf8'));
      expect(files['seating/3.0.0/mf-manifest.json']).toBe(fs.readFileSync(path.join(winner, 'mf-manifest.json'), 'utf8'));
      const seating = (await backend.registry()).remotes.seating;
      expect(seating.current).toBe('3.0.0');
      expect(seating.history.filter((h) => h.version === '3.0.0')).toHaveLength(1);
    });
  });

  describe('canary: release --canary, promote, abort', () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-ops-canary-'));
    const build = (version) => fakeBuild(path.join(tmp, version), `auth@${version}`, { big: false });
    // Fake builds cannot pass the compatibility gate (it has its own tests): they go out with --force.
    const FORCE = ['--force', '--reason', 'compilación de prueba'];
    const auth = async () => (await backend.registry()).remotes.auth;
    const changes = async () => {
      const status = await run('status');
      return status.out.slice(status.out.indexOf('Últimos cambios:')).split('\n').slice(1).filter(Boolean);
    };
    let stable;
    afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

    it('publishes the version as the canary: in the history, current unchanged, audited', async () => {
      stable = (await auth()).current;
      const result = await run(
        'release',
        'auth',
        '--version',
        '4.0.0',
        '--dist',
        build('4.0.0'),
        '--canary',
        '10',
        '--force',
        '--reason',
        'nuevo inicio de sesión',
      );
      expect(result.code, result.err).toBe(0);
      expect(result.out).toContain(`canary: 4.0.0 para ~10 % de los navegadores; en vigor sigue ${stable} (90 %)`);
      const entry = await auth();
      expect(entry.current).toBe(stable);
      expect(entry.canary).toEqual({ version: '4.0.0', percent: 10, startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
      expect(entry.history.at(-1)).toMatchObject({ version: '4.0.0', entry: 'auth/4.0.0/mf-manifest.json' });
      expect((await changes())[0]).toMatch(
        new RegExp(`auth publicó en canary con --force \\(sin la puerta\\) ${stable.replace(/\./g, '\\.')} → 4\\.0\\.0  por \\S+ — «nuevo inicio de sesión»$`),
      );
    });

    it('status shows both versions and their shares', async () => {
      const result = await run('status');
      expect(result.code, result.err).toBe(0);
      expect(result.out).toContain(`auth: en vigor ${stable} — 90 % de los navegadores`);
      expect(result.out).toMatch(/ {2}canary 4\.0\.0 — 10 % de los navegadores \(desde \d{4}-/);
      expect(result.out).toMatch(/ {2}c 4\.0\.0 /);
      expect(result.out).toMatch(new RegExp(` {2}\\* ${stable.replace(/\./g, '\\.')} `));
    });

    it.each([
      [['release', 'auth', '--version', '4.0.1', '--dist', 'DIST'], /auth 4\.0\.0 está en canary \(10 %\); termínalo antes con promote auth o abort auth/],
      [['release', 'auth', '--version', '4.0.1', '--dist', 'DIST', '--canary', '20'], /está en canary/],
      [['release', 'seating', '--version', '4.0.1', '--dist', 'DIST', '--canary', '0'], /Porcentaje de canary inválido: "0"/],
      [['release', 'seating', '--version', '4.0.1', '--dist', 'DIST', '--canary', '100'], /Porcentaje de canary inválido/],
      [['release', 'seating', '--version', '4.0.1', '--dist', 'DIST', '--canary', 'mucho'], /Porcentaje de canary inválido/],
      [['release', 'seating', '--version', '4.0.1', '--dist', 'DIST', '--canary'], /Falta el valor de --canary/],
      [['promote', 'seating'], /seating no tiene un canary en curso; no cambió nada/],
      [['abort', 'catalog'], /catalog no tiene un canary en curso/],
      [['abort', 'nope'], /Remoto desconocido: "nope"/],
      [['promote'], /Falta el remoto/],
      [['abort', 'auth', '--pronto'], /Opción desconocida: --pronto/],
    ])('refuses %j with a clear message and changes nothing', async (args, message) => {
      const before = await snapshot();
      const result = await run(...args.map((a) => (a === 'DIST' ? build('4.0.1') : a)));
      expect(result.code).not.toBe(0);
      expect(result.err).toMatch(message);
      expect(await snapshot()).toEqual(before);
    });

    it('abort drops the canary: everybody on current, the files stay, audited', async () => {
      const result = await run('abort', 'auth', '--reason', 'errores al entrar');
      expect(result.code, result.err).toBe(0);
      expect(result.out).toContain(`auth: canary abortado, 4.0.0 → ${stable} para todos`);
      const entry = await auth();
      expect(entry.current).toBe(stable);
      expect(entry.canary).toBeUndefined();
      expect((await snapshot())['auth/4.0.0/mf-manifest.json']).toBeDefined();
      expect((await changes())[0]).toMatch(new RegExp(`auth abortó el canary 4\\.0\\.0 → ${stable.replace(/\./g, '\\.')}  por \\S+ — «errores al entrar»$`));
    });

    it('promote makes the canary current for everybody, audited', async () => {
      const canary = await run('release', 'auth', '--version', '4.0.1', '--dist', build('4.0.1'), '--canary', '25', ...FORCE);
      expect(canary.code, canary.err).toBe(0);
      const result = await run('promote', 'auth', '--reason', 'sin errores en una hora');
      expect(result.code, result.err).toBe(0);
      expect(result.out).toContain(`auth: canary promovido, ${stable} → 4.0.1 para todos`);
      const entry = await auth();
      expect(entry.current).toBe('4.0.1');
      expect(entry.canary).toBeUndefined();
      const [promoted, released] = await changes();
      expect(promoted).toMatch(new RegExp(`auth promovió el canary ${stable.replace(/\./g, '\\.')} → 4\\.0\\.1  por \\S+ — «sin errores en una hora»$`));
      expect(released).toMatch(/auth publicó en canary con --force \(sin la puerta\) \S+ → 4\.0\.1 {2}por \S+ — «compilación de prueba»$/);
      // After the canary a plain release goes through again.
      const next = await run('release', 'auth', '--version', '4.0.2', '--dist', build('4.0.2'), ...FORCE);
      expect(next.code, next.err).toBe(0);
      expect((await auth()).current).toBe('4.0.2');
    });

    it('a canary and a promote of other remotes started together with releases and rollbacks all land', async () => {
      const seatingBuild = fakeBuild(path.join(tmp, 'seating-5'), 'seating@5.0.0', { big: false });
      expect((await run('release', 'seating', '--version', '5.0.0', '--dist', seatingBuild, '--canary', '30', ...FORCE)).code).toBe(0);
      const results = await Promise.all([
        run('promote', 'seating'),
        run('release', 'auth', '--version', '5.0.0', '--dist', build('5.0.0'), '--canary', '5', ...FORCE),
        run('release', 'catalog', '--version', '5.0.0', '--dist', fakeBuild(path.join(tmp, 'catalog-5'), 'catalog@5.0.0', { big: false }), ...FORCE),
        run('rollback', 'checkout'),
      ]);
      for (const result of results) expect(result.code, `${result.out}${result.err}`).toBe(0);
      const { remotes } = await backend.registry();
      expect(remotes.seating.current).toBe('5.0.0');
      expect(remotes.seating.canary).toBeUndefined();
      expect(remotes.auth).toMatchObject({ current: '4.0.2', canary: { version: '5.0.0', percent: 5 } });
      expect(remotes.catalog.current).toBe('5.0.0');
      expect(remotes.checkout.current).toBe('2.0.1');
      expect((await run('abort', 'auth')).code).toBe(0);
    });
  });
}
