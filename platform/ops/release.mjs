// pnpm release <remote> [--version x.y.z] [--no-build | --dist <folder>] [--canary <percent>] [--reason "…"]
// (--no-build publishes mfe-<remote>/dist as it is, e.g. in CI after a separate build step;
// --dist publishes another build folder.)
// Builds ONE remote and publishes it as an immutable <origin>/<remote>/<version>/, then makes it
// the live version in the registry (history and audit kept). With --canary 10 it becomes the
// remote's canary instead, served to about 10 % of browsers (platform/canary.mjs) until
// `pnpm promote <remote>` or `pnpm abort <remote>`. The origin is the local folder
// (.origin/, ORIGIN_DIR) or a bucket (ORIGIN_S3_BUCKET; see platform/origin/index.mjs).
import path from 'node:path';
import { OpsError, assertCanaryPercent, assertRemote, buildAndPublish, isPublished, isReleaseVersion, packageVersion, publish, runCli, withOrigin } from './lib.mjs';

const USAGE = 'Uso: pnpm release <remoto> [--version x.y.z] [--no-build | --dist <carpeta>] [--canary <porcentaje>] [--reason "…"]';

await runCli(async (argv) => {
  let remote;
  let version;
  let build = true;
  let dist;
  let reason;
  let canary;
  const value = (i, name) => {
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('--')) throw new OpsError(`Falta el valor de ${name}. ${USAGE}`);
    return next;
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--version') version = value(i++, '--version');
    else if (arg.startsWith('--version=')) version = arg.slice('--version='.length);
    else if (arg === '--no-build') build = false;
    else if (arg === '--dist') dist = path.resolve(value(i++, '--dist'));
    else if (arg === '--canary') canary = Number(value(i++, '--canary'));
    else if (arg.startsWith('--canary=')) canary = Number(arg.slice('--canary='.length));
    else if (arg === '--reason') reason = value(i++, '--reason');
    else if (arg.startsWith('--reason=')) reason = arg.slice('--reason='.length);
    else if (arg.startsWith('-')) throw new OpsError(`Opción desconocida: ${arg}. ${USAGE}`);
    else if (remote === undefined) remote = arg;
    else throw new OpsError(`Argumento de más: ${arg}. ${USAGE}`);
  }
  assertRemote(remote);
  version ??= packageVersion(remote);
  if (!isReleaseVersion(version)) throw new OpsError(`Versión inválida: "${version}" (se espera semver, p. ej. 1.2.3).`);
  assertCanaryPercent(canary);

  await withOrigin(undefined, async (origin) => {
    // A broken registry or a version already out is refused before anything is built.
    if (await isPublished(origin, remote, version)) {
      throw new OpsError(`${remote} ${version} ya está publicado; las versiones son inmutables. Sube la versión (--version x.y.z).`);
    }
    // The same publish for a plain release and a canary: anything checked before the registry
    // moves (publish refuses a remote whose canary is still running) applies to both.
    const options = { origin, reason, canary };
    if (build && !dist) console.log(`▶ construyendo ${remote} ${version}…`);
    const { previous, current, folder } = build && !dist ? await buildAndPublish(remote, version, options) : await publish(remote, version, { ...options, ...(dist ? { dist } : {}) });
    console.log(`✔ ${remote} ${version} publicado en ${folder}`);
    if (canary === undefined) console.log(`  en vigor: ${previous ?? '(ninguna)'} → ${current}`);
    else console.log(`  canary: ${version} para ~${canary} % de los navegadores; en vigor sigue ${current} (${100 - canary} %). Termínalo con: pnpm promote ${remote} | pnpm abort ${remote}`);
  });
});
