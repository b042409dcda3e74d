// Shared helpers of the ops commands (release, rollback, status, start). Plain Node ESM so
// they run from a fresh clone without a TypeScript build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import semver from 'semver';
import { REMOTE_NAMES } from '../registry.mjs';
import { precompressDir } from './precompress.mjs';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

export { REMOTE_NAMES };

/** A release version is a strict npm semver, written as npm prints it ('1.0.0-beta.10'; not 'v1.0.0' or '01.0.0'). */
export function isReleaseVersion(version) {
  return typeof version === 'string' && semver.valid(version) === version;
}

/** Refusals: printed as one clear line, exit code 1, nothing changed. */
export class OpsError extends Error {}

export function originDir() {
  return path.resolve(process.env.ORIGIN_DIR || path.join(ROOT, '.origin'));
}

export function registryPath(origin = originDir()) {
  return path.join(origin, 'remotes.json');
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

/** @returns {import('../registry.mjs').Registry} */
export function readRegistry(origin = originDir()) {
  const file = registryPath(origin);
  if (!fs.existsSync(file)) return { remotes: {} };
  let parsed;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new OpsError(`El registro ${file} no es JSON válido (${error.message}); corrígelo antes de seguir.`);
  }
  if (!parsed || typeof parsed !== 'object' || typeof parsed.remotes !== 'object' || parsed.remotes === null) {
    throw new OpsError(`El registro ${file} no tiene el formato esperado ({ "remotes": { … } }).`);
  }
  return parsed;
}

/** Write temp + rename: a reader (the API serving remotes.json) never sees a half-written file. */
export function writeRegistry(registry, origin = originDir()) {
  fs.mkdirSync(origin, { recursive: true });
  const file = registryPath(origin);
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(registry, null, 2)}\n`);
  fs.renameSync(tmp, file);
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
export function buildAndPublish(remote, version, { origin = originDir(), quiet = false } = {}) {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), `taquilla-${remote}-${version}-`));
  try {
    buildRemote(remote, version, { quiet, outDir });
    return publish(remote, version, { origin, dist: outDir });
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * Publish mfe-<remote>/dist as <origin>/<remote>/<version>/ and make it current.
 * Never overwrites: an existing version folder is a refusal. The folder is copied under a
 * temporary name and renamed into place, so a half copy is never served.
 */
export function publish(remote, version, { origin = originDir(), now = new Date(), dist = path.join(remoteDir(remote), 'dist') } = {}) {
  if (!fs.existsSync(path.join(dist, 'mf-manifest.json'))) {
    throw new OpsError(`No hay build de ${remote} (${dist}/mf-manifest.json); compílalo primero.`);
  }
  const registry = readRegistry(origin);
  const target = path.join(origin, remote, version);
  if (fs.existsSync(target)) {
    throw new OpsError(`${remote} ${version} ya está publicado en ${target}; las versiones son inmutables. Sube la versión (--version x.y.z).`);
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const tmp = path.join(origin, remote, `.${version}.${process.pid}.tmp`);
  fs.cpSync(dist, tmp, { recursive: true, filter: (src) => !src.endsWith('.html') && !/\.(?:br|gz)$/.test(src) });
  precompressDir(tmp);
  fs.renameSync(tmp, target);

  const entry = registry.remotes[remote] ?? { current: version, history: [] };
  const previous = registry.remotes[remote]?.current ?? null;
  entry.history = [...(entry.history ?? []), { version, entry: manifestEntry(remote, version), publishedAt: now.toISOString() }];
  entry.current = version;
  entry.changedAt = now.toISOString();
  registry.remotes[remote] = entry;
  writeRegistry(registry, origin);
  return { previous, current: version, folder: target };
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
  const child = spawn(process.execPath, [tsx, path.join('src', 'main.ts')], {
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
  child.once('exit', (code, signal) => { exited = code ?? signal; });
  while (Date.now() < deadline) {
    if (exited !== null) throw new OpsError(`El servidor terminó al arrancar (código ${exited}); revisa el error de arriba (¿puerto ${port} ocupado? usa PORT=…).`);
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
