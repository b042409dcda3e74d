// pnpm release <remote> [--version x.y.z] [--no-build | --dist <folder>] [--canary <percent>] [--reason "…"] [--force]
// (--no-build publishes mfe-<remote>/dist as it is, e.g. in CI after a separate build step;
// --dist publishes another build folder.)
// Builds ONE remote, checks it against what is live (the compatibility gate, gate/: refused
// with its reasons, nothing changed), and publishes it as an immutable
// <origin>/<remote>/<version>/, then makes it the live version in the registry (history and
// audit kept). With --canary 10 it becomes the remote's canary instead, served to about 10 % of
// browsers (platform/canary.mjs) until `pnpm promote <remote>` or `pnpm abort <remote>`; the gate
// runs the same way. --force skips the gate, for emergencies: it needs --reason and the audit log
// records it as `release --force`. The origin is the local folder
// (.origin/, ORIGIN_DIR) or a bucket (ORIGIN_S3_BUCKET; see platform/origin/index.mjs).
import path from 'node:path';
import { checkRelease } from './gate/index.mjs';
import {
  OpsError,
  assertCanaryPercent,
  assertRemote,
  buildAndPublish,
  isPublished,
  isReleaseVersion,
  packageVersion,
  publish,
  runCli,
  withOrigin,
} from './lib.mjs';

const USAGE = 'Uso: pnpm release <remoto> [--version x.y.z] [--no-build | --dist <carpeta>] [--canary <porcentaje>] [--reason "…"] [--force --reason "…"]';

/** The gate as publish() runs it: refuses with every reason, one `✖` line each. */
function gateFor(remote, version) {
  return async (origin, dist) => {
    const started = Date.now();
    console.log(`▶ puerta de compatibilidad: ${remote} ${version} contra lo que está en producción…`);
    const reasons = await checkRelease({ origin, remote, version, dist });
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    if (reasons.length) {
      throw new OpsError(
        `La puerta de compatibilidad rechazó ${remote} ${version} (${secs} s); no cambió nada:\n${reasons.map((r) => `✖ ${r}`).join('\n')}\n` +
          '  Corrige la build y vuelve a publicar. Solo en una emergencia: --force --reason "…" (queda en la auditoría).',
      );
    }
    console.log(`✔ puerta de compatibilidad: ${remote} ${version} encaja con lo publicado (${secs} s)`);
  };
}

await runCli(async (argv) => {
  let remote;
  let version;
  let build = true;
  let dist;
  let reason;
  let force = false;
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
    else if (arg === '--force') force = true;
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
  if (force && !reason?.trim()) throw new OpsError(`--force salta la puerta de compatibilidad y necesita --reason "…" (queda en la auditoría). ${USAGE}`);
  assertCanaryPercent(canary);

  await withOrigin(undefined, async (origin) => {
    // A broken registry or a version already out is refused before anything is built.
    if (await isPublished(origin, remote, version)) {
      throw new OpsError(`${remote} ${version} ya está publicado; las versiones son inmutables. Sube la versión (--version x.y.z).`);
    }
    // The same publish, and the same gate, for a plain release and a canary.
    const options = { origin, reason, canary, ...(force ? { forced: true } : { gate: gateFor(remote, version) }) };
    if (force) console.log(`⚠ --force: ${remote} ${version} sale SIN la puerta de compatibilidad; queda en la auditoría («${reason.trim()}»).`);
    if (build && !dist) console.log(`▶ construyendo ${remote} ${version}…`);
    const { previous, current, folder } =
      build && !dist ? await buildAndPublish(remote, version, options) : await publish(remote, version, { ...options, ...(dist ? { dist } : {}) });
    console.log(`✔ ${remote} ${version} publicado en ${folder}`);
    if (canary === undefined) console.log(`  en vigor: ${previous ?? '(ninguna)'} → ${current}`);
    else
      console.log(
        `  canary: ${version} para ~${canary} % de los navegadores; en vigor sigue ${current} (${100 - canary} %). Termínalo con: pnpm promote ${remote} | pnpm abort ${remote}`,
      );
  });
});
