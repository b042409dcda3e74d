// npm start — from a fresh clone (Node 20 + npm only) to the whole storefront on one URL:
// install, build the shell, publish every remote version not yet in the registry, start the
// API (migrations + demo seed) which also serves the shell, the remote origin and config.
//
// Only Node's own modules are imported before the install: the ops library needs packages
// (semver) that a fresh clone does not have yet, so it is imported after the install step.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const PNPM = ['-y', 'pnpm@12.4.2'];
const port = Number(process.env.PORT || 3000);
const step = (text) => console.log(`▶ ${text}`);
const t0 = Date.now();

if (process.env.SKIP_INSTALL !== '1') {
  step('instalando dependencias… (pnpm 12.4.2 vía npx)');
  const install = spawnSync('npx', [...PNPM, 'install', '--frozen-lockfile'], {
    cwd: path.resolve(import.meta.dirname, '..', '..'),
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', CI: process.env.CI ?? '1' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (install.status !== 0) {
    process.stderr.write(`${install.stdout ?? ''}${install.stderr ?? ''}`);
    console.error(`✖ pnpm install falló (código ${install.status ?? install.signal}).`);
    process.exit(1);
  }
}

const { OpsError, REMOTE_NAMES, ROOT, buildAndPublish, buildShell, isPublished, packageVersion, startServer, withOrigin } = await import('./lib.mjs');

try {
  step('construyendo shell…');
  buildShell();

  // The origin the environment names: `.origin/` (ORIGIN_DIR), or a bucket (ORIGIN_S3_BUCKET).
  await withOrigin(undefined, async (origin) => {
    const registry = await origin.readRegistry();
    for (const remote of REMOTE_NAMES) {
      const version = packageVersion(remote);
      if (await isPublished(origin, remote, version, registry)) {
        step(`${remote} ${version} ya publicado (en vigor: ${registry.remotes[remote]?.current ?? '—'})`);
        continue;
      }
      step(`publicando ${remote} ${version}…`);
      await buildAndPublish(remote, version, { origin, quiet: true });
    }
  });

  step('iniciando API y base de datos (migraciones + semilla)…');
  const { child, health } = await startServer({
    port,
    env: {
      LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
      HOST: process.env.HOST || '127.0.0.1',
      // The demo keeps mail on this machine: the local mailbox shows verification and reset
      // links (loopback clients only; off as soon as SMTP_URL is set).
      DEV_MAILBOX: process.env.DEV_MAILBOX ?? (process.env.SMTP_URL ? '0' : '1'),
    },
  });
  const db =
    health.db === 'pg' ? 'PostgreSQL (DATABASE_URL)' : `PGlite en ${path.relative(ROOT, process.env.PGLITE_DIR || path.join(ROOT, '.data', 'pglite'))}`;
  step(`base de datos lista (semilla cargada) · ${db}`);
  console.log(`✔ listo en http://localhost:${port}  (${Math.round((Date.now() - t0) / 1000)} s; Ctrl+C para detener)`);
  if (!process.env.SMTP_URL) console.log(`  correos (verificación, contraseña): http://localhost:${port}/dev/correos`);
  console.log(`  operación: pnpm status | pnpm release <remoto> | pnpm rollback <remoto>  (npx -y pnpm@12.4.2 …)`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => child.kill(signal));
  child.once('exit', (code) => process.exit(code ?? 0));
} catch (error) {
  console.error(`✖ ${error instanceof OpsError ? error.message : (error?.stack ?? error)}`);
  process.exit(1);
}
