// Shared helpers of the ops commands (release, rollback, status, start). Plain Node ESM so
// they run from a fresh clone without a TypeScript build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import semver from 'semver';
import { REMOTE_NAMES } from '../registry.mjs';
import { isCanaryPercent, readCanary } from '../canary.mjs';
import { OpsError, openOrigin, originConfigFromEnv } from '../origin/index.mjs';
import { precompressDir } from './precompress.mjs';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

export { REMOTE_NAMES, OpsError };

/** A release version is a strict npm semver, written as npm prints it ('1.0.0-beta.10'; not 'v1.0.0' or '01.0.0'). */
export function isReleaseVersion(version) {
  return typeof version === 'string' && semver.valid(version) === version;
}

export function originDir() {
  return path.resolve(process.env.ORIGIN_DIR || path.join(ROOT, '.origin'));
}

/** The origin the environment names: ORIGIN_S3_BUCKET's bucket, else the folder originDir(). */
export function originConfig(env = process.env) {
  return originConfigFromEnv(env, { dir: originDir() });
}

/**
 * Runs `body` with an open origin: `origin` may be an open one (left open), a folder path, or
 * nothing (the environment's, see originConfig); one opened here is closed afterwards.
 */
export async function withOrigin(origin, body) {
  if (origin && typeof origin === 'object') return body(origin);
  const opened = await openOrigin(typeof origin === 'string' ? { kind: 'dir', dir: path.resolve(origin), cacheMs: 0 } : originConfig());
  try {
    return await body(opened);
  } finally {
    await opened.close();
  }
}

export function remoteDir(remote) {
  return path.join(ROOT, `mfe-${remote}`);
}

export function assertRemote(remote) {
  if (!remote) throw new OpsError(`Falta el remoto. Remotos válidos: ${REMOTE_NAMES.join(', ')}.`);
  if (!REMOTE_NAMES.includes(remote)) {
    throw new OpsError(`Remoto desconocido: "${remote}". Remotos válidos: ${REMOTE_NAMES.join(', ')}.`);
  }
}

export function packageVersion(remote) {
  return JSON.parse(fs.readFileSync(path.join(remoteDir(remote), 'package.json'), 'utf8')).version;
}

/** Relative to the registry file (the origin root), so the origin can be served anywhere. */
export function manifestEntry(remote, version) {
  return `${remote}/${version}/mf-manifest.json`;
}

/**
 * Build one remote with its own rspack CLI (no pnpm needed); REMOTE_VERSION stamps the bundle.
 * With `outDir` the build goes there instead of mfe-<remote>/dist (release uses a temp folder,
 * so a release of another version never leaves dist/ stamped with it).
 */
export function buildRemote(remote, version, { quiet = false, outDir } = {}) {
  const dir = remoteDir(remote);
  const cli = path.join(dir, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js');
  const result = spawnSync(process.execPath, [cli, 'build'], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production', REMOTE_VERSION: version, ...(outDir ? { REMOTE_OUTPUT_DIR: outDir } : {}) },
    stdio: quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new OpsError(`La compilación de ${remote} falló (código ${result.status}); no se publicó nada.`);
  }
}

/** Build into a temp folder and publish it; the temp folder is always removed. */
export async function buildAndPublish(remote, version, { origin, quiet = false, actor, reason, gate, forced, canary } = {}) {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), `taquilla-${remote}-${version}-`));
  try {
    buildRemote(remote, version, { quiet, outDir });
    return await publish(remote, version, { origin, dist: outDir, actor, reason, gate, forced, canary });
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

const alreadyPublished = (remote, version, where) =>
  new OpsError(`${remote} ${version} ya está publicado${where ? ` en ${where}` : ''}; las versiones son inmutables. Sube la versión (--version x.y.z).`);

/** Whether `version` of `remote` is in the registry's history or already in the origin. */
export async function isPublished(origin, remote, version, registry) {
  const known = registry ?? (await origin.readRegistry());
  return !!known.remotes[remote]?.history?.some((h) => h.version === version) || (await origin.hasVersion(remote, version));
}

/** A remote with a canary running takes no other release until that canary is promoted or aborted. */
function refuseDuringCanary(remote, entry) {
  const canary = readCanary(entry);
  if (canary) {
    throw new OpsError(`${remote} ${canary.version} está en canary (${canary.percent} %); termínalo antes con promote ${remote} o abort ${remote}.`);
  }
}

/**
 * The registry change of a release: the version joins the history and becomes current, or, with
 * `canary` (a percentage), becomes the remote's canary while `current` stays as it is.
 */
function recordRelease(remote, version, now, { canary, forced = false } = {}) {
  return (registry) => {
    const before = registry.remotes[remote];
    if (before?.history?.some((h) => h.version === version)) throw alreadyPublished(remote, version);
    refuseDuringCanary(remote, before);
    if (canary !== undefined && !before?.current) throw new OpsError(`${remote} no tiene versión en vigor; la primera publicación no puede ser canary.`);
    const previous = before?.current ?? null;
    const entry = before ?? { current: version, history: [] };
    entry.history = [...(entry.history ?? []), { version, entry: manifestEntry(remote, version), publishedAt: now.toISOString() }];
    if (canary !== undefined) {
      entry.canary = { version, percent: canary, startedAt: now.toISOString() };
      registry.remotes[remote] = entry;
      return { result: previous, audit: { remote, action: forced ? CANARY_FORCED : 'canary', from: previous, to: version, at: now } };
    }
    entry.current = version;
    entry.changedAt = now.toISOString();
    registry.remotes[remote] = entry;
    return { result: previous, audit: { remote, action: forced ? RELEASE_FORCED : 'release', from: previous, to: version, at: now } };
  };
}

/** The audit actions of a release or canary made with --force: the compatibility gate did not run. */
export const RELEASE_FORCED = 'release --force';
export const CANARY_FORCED = 'canary --force';

/**
 * Publish a build folder (default mfe-<remote>/dist) as <origin>/<remote>/<version>/ and make
 * it current. Never overwrites: an existing version is a refusal. `gate(origin, dist)` runs
 * first (the compatibility gate, platform/ops/gate/): it throws to refuse, before anything is
 * copied; `forced` records in the audit log that the release went out without it. The files go in first (a
 * folder renamed into place, or a bucket's objects with the manifest last), then the registry
 * changes in one serialised read-modify-write (origin.updateRegistry), so concurrent releases
 * and rollbacks of other remotes all land. If that last step fails the files are taken back
 * out, so the version number stays usable.
 * `canary` (a percentage, 0 < p < 100): the version goes out as the remote's canary instead
 * of becoming current (promoteCanary / abortCanary finish it).
 */
export async function publish(
  remote,
  version,
  { origin, now = new Date(), dist = path.join(remoteDir(remote), 'dist'), actor, reason, gate, forced = false, canary } = {},
) {
  if (!fs.existsSync(path.join(dist, 'mf-manifest.json'))) {
    throw new OpsError(`No hay build de ${remote} (${dist}/mf-manifest.json); compílalo primero.`);
  }
  assertCanaryPercent(canary);
  return withOrigin(origin, async (o) => {
    // A broken registry, or a canary still running, is refused before anything is copied; then
    // the gate (the same for a plain release and a canary) before the registry moves.
    refuseDuringCanary(remote, (await o.readRegistry()).remotes[remote]);
    if (gate) await gate(o, dist);
    const unlock = await o.lockRemote(remote);
    try {
      if (await isPublished(o, remote, version)) throw alreadyPublished(remote, version, o.location);
      // The release's files: the build without its HTML or stale copies, plus fresh .br/.gz copies.
      const staging = fs.mkdtempSync(path.join(os.tmpdir(), `taquilla-publish-${remote}-`));
      let folder;
      try {
        fs.cpSync(dist, staging, { recursive: true, filter: (src) => !src.endsWith('.html') && !/\.(?:br|gz)$/.test(src) });
        precompressDir(staging);
        folder = await o.putVersion(remote, version, staging);
      } finally {
        fs.rmSync(staging, { recursive: true, force: true });
      }
      let previous;
      try {
        previous = await o.updateRegistry(recordRelease(remote, version, now, { canary, forced }), { actor, reason });
      } catch (error) {
        // Take the files back unless the registry did record them (a commit whose answer was lost).
        const recorded = await o
          .readRegistry()
          .then((r) => r.remotes[remote]?.history?.some((h) => h.version === version))
          .catch(() => true);
        if (!recorded) await o.removeVersion(remote, version).catch(() => {});
        throw error;
      }
      return canary === undefined ? { previous, current: version, folder } : { previous, current: previous, canary: { version, percent: canary }, folder };
    } finally {
      await unlock();
    }
  });
}

/**
 * Point <remote> at another version of its history: the previous one (default) or `version`.
 * Only the registry changes (no build, no copy). Serialised like a release's registry change.
 * `expectCurrent`: change nothing (OpsError) unless that is still the live version when the
 * change is made — an automatic rollback must never undo what a person did meanwhile.
 */
export async function rollbackRemote(remote, version, { origin, now = new Date(), actor, reason, expectCurrent } = {}) {
  return withOrigin(origin, async (o) => {
    const pick = (registry) => {
      const entry = registry.remotes[remote];
      if (!entry?.history?.length) throw new OpsError(`${remote} no tiene versiones publicadas.`);
      const versions = entry.history.map((h) => h.version);
      let target;
      if (version !== undefined) {
        if (!versions.includes(version)) {
          throw new OpsError(`${remote} ${version} no está en el historial (publicadas: ${versions.join(', ')}).`);
        }
        target = version;
      } else {
        const index = versions.lastIndexOf(entry.current);
        if (index <= 0) throw new OpsError(`${remote} ${entry.current} no tiene una versión anterior a la que volver.`);
        target = versions[index - 1];
      }
      if (target === entry.current) throw new OpsError(`${remote} ${target} ya es la versión en vigor; no cambió nada.`);
      return { entry, target };
    };
    // Checked before the change (it needs the origin), and the change re-checks the registry.
    const { target } = pick(await o.readRegistry());
    if (!(await o.hasVersion(remote, target))) {
      throw new OpsError(`Los archivos de ${remote} ${target} no están en el origen (${o.location}/${remote}/${target}); no cambió nada.`);
    }
    return o.updateRegistry(
      (registry) => {
        const { entry, target: again } = pick(registry);
        if (expectCurrent !== undefined && entry.current !== expectCurrent) {
          throw new OpsError(`${remote} ya no está en ${expectCurrent} (está en ${entry.current}); no cambió nada.`);
        }
        if (again !== target) throw new OpsError(`El historial de ${remote} cambió mientras tanto; no cambió nada. Reintenta.`);
        const from = entry.current;
        entry.current = target;
        entry.changedAt = now.toISOString();
        // Back (or forward) to the canary's own version: everybody has it now, the canary is over.
        if (readCanary(entry)?.version === target) delete entry.canary;
        return { result: { from, to: target }, audit: { remote, action: 'rollback', from, to: target, at: now } };
      },
      { actor, reason },
    );
  });
}

export function assertCanaryPercent(percent) {
  if (percent !== undefined && !isCanaryPercent(percent)) {
    throw new OpsError(`Porcentaje de canary inválido: "${percent}" (se espera un número mayor que 0 y menor que 100, p. ej. --canary 10).`);
  }
}

/**
 * Ends `remote`'s canary, in one serialised registry change (like release and rollback) with
 * its audit line: `promote` makes the canary version current for everybody, `abort` drops it
 * (everybody back on current). Returns `{ from, to }`: the version each buyer leaves and gets.
 */
function finishCanary(action, origin, remote, { actor, reason, now = new Date() } = {}) {
  assertRemote(remote);
  return withOrigin(origin, (o) =>
    o.updateRegistry(
      (registry) => {
        const entry = registry.remotes[remote];
        const canary = readCanary(entry);
        if (!canary) throw new OpsError(`${remote} no tiene un canary en curso; no cambió nada.`);
        delete entry.canary;
        let from = entry.current;
        let to = canary.version;
        if (action === 'promote') {
          entry.current = canary.version;
          entry.changedAt = now.toISOString();
        } else {
          [from, to] = [canary.version, entry.current];
        }
        return { result: { from, to, percent: canary.percent }, audit: { remote, action, from, to, at: now } };
      },
      { actor, reason },
    ),
  );
}

/** `promote <remote>`: the canary version becomes current (a folder path, an open origin, or none: the environment's). */
export function promoteCanary(origin, remote, options) {
  return finishCanary('promote', origin, remote, options);
}

/** `abort <remote>`: the canary is dropped and every browser goes back to current; its files stay (immutable). */
export function abortCanary(origin, remote, options) {
  return finishCanary('abort', origin, remote, options);
}

/** The arguments of rollback / promote / abort: positional ones and `--reason "…"`; anything else is refused. */
export function positionalAndReason(argv, usage) {
  const positional = [];
  let reason;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--reason') {
      reason = argv[++i];
      if (reason === undefined) throw new OpsError(`Falta el valor de --reason. ${usage}`);
    } else if (arg.startsWith('--reason=')) reason = arg.slice('--reason='.length);
    else if (arg.startsWith('-')) throw new OpsError(`Opción desconocida: ${arg}. ${usage}`);
    else positional.push(arg);
  }
  return { positional, reason };
}

/** Run a command body; OpsError → message + exit 1, anything else → stack + exit 1. */
export async function runCli(body) {
  try {
    await body(process.argv.slice(2));
  } catch (error) {
    if (error instanceof OpsError) console.error(`✖ ${error.message}`);
    else console.error(error);
    process.exitCode = 1;
  }
}

/** Run a command, streaming nothing unless it fails (then its output is shown). */
export function runQuiet(command, args, { cwd = ROOT, env = {}, label } = {}) {
  const result = spawnSync(command, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new OpsError(`${label ?? `${command} ${args.join(' ')}`} falló (código ${result.status ?? result.signal}).`);
  }
  return result;
}

/** Build the shell (host) with its own rspack CLI. */
export function buildShell() {
  const dir = path.join(ROOT, 'shell');
  runQuiet(process.execPath, [path.join(dir, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js'), 'build'], {
    cwd: dir,
    env: { NODE_ENV: 'production' },
    label: 'La compilación del shell',
  });
  precompressDir(path.join(dir, 'dist'));
}

/**
 * Start the API + storefront (api/src/main.ts through tsx). Resolves once /config.json and
 * /api/v1/health answer; the API migrates and seeds before it listens.
 */
export async function startServer({ port, env = {}, stdio = 'inherit' }) {
  const { spawn } = await import('node:child_process');
  const tsx = path.join(ROOT, 'api', 'node_modules', 'tsx', 'dist', 'cli.mjs');
  // dev/main.ts: the API paying through the Openpay sandbox (platform/openpay-sandbox) unless OPENPAY_* keys are set.
  const child = spawn(process.execPath, [tsx, path.join('dev', 'main.ts')], {
    cwd: path.join(ROOT, 'api'),
    env: {
      ...process.env,
      PORT: String(port),
      SHELL_DIR: path.join(ROOT, 'shell', 'dist'),
      ORIGIN_DIR: originDir(),
      ...env,
    },
    stdio,
  });
  const base = `http://127.0.0.1:${port}`;
  const apiKey = env.API_KEY || process.env.API_KEY || 'taquilla-dev-key';
  const deadline = Date.now() + 180_000;
  let exited = null;
  child.once('exit', (code, signal) => {
    exited = code ?? signal;
  });
  while (Date.now() < deadline) {
    if (exited !== null)
      throw new OpsError(`El servidor terminó al arrancar (código ${exited}); revisa el error de arriba (¿puerto ${port} ocupado? usa PORT=…).`);
    try {
      const health = await fetch(`${base}/api/v1/health`, { headers: { 'x-api-key': apiKey } });
      if (health.ok) return { child, base, health: await health.json() };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  child.kill('SIGTERM');
  throw new OpsError(`El servidor no respondió en ${base} en 3 minutos.`);
}
