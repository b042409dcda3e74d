// pnpm release <remote> [--version x.y.z] [--no-build]
// (--no-build publishes mfe-<remote>/dist as it is, e.g. in CI after a separate build step.)
// Builds ONE remote and publishes it as an immutable folder <origin>/<remote>/<version>/,
// then makes it the live version in <origin>/remotes.json (history kept).
import fs from 'node:fs';
import path from 'node:path';
import { OpsError, assertRemote, buildAndPublish, isReleaseVersion, originDir, packageVersion, publish, readRegistry, runCli } from './lib.mjs';

await runCli(async (argv) => {
  let remote;
  let version;
  let build = true;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--version') version = argv[++i];
    else if (arg.startsWith('--version=')) version = arg.slice('--version='.length);
    else if (arg === '--no-build') build = false;
    else if (arg.startsWith('-')) throw new OpsError(`Opción desconocida: ${arg}. Uso: pnpm release <remoto> [--version x.y.z] [--no-build]`);
    else if (remote === undefined) remote = arg;
    else throw new OpsError(`Argumento de más: ${arg}. Uso: pnpm release <remoto> [--version x.y.z]`);
  }
  assertRemote(remote);
  version ??= packageVersion(remote);
  if (!isReleaseVersion(version)) throw new OpsError(`Versión inválida: "${version}" (se espera semver, p. ej. 1.2.3).`);

  const origin = originDir();
  readRegistry(origin); // a broken registry is refused before anything is built
  if (fs.existsSync(path.join(origin, remote, version))) {
    throw new OpsError(`${remote} ${version} ya está publicado; las versiones son inmutables. Sube la versión (--version x.y.z).`);
  }
  if (build) console.log(`▶ construyendo ${remote} ${version}…`);
  const { previous, current, folder } = build ? buildAndPublish(remote, version, { origin }) : publish(remote, version, { origin });
  console.log(`✔ ${remote} ${current} publicado en ${folder}`);
  console.log(`  en vigor: ${previous ?? '(ninguna)'} → ${current}`);
});
