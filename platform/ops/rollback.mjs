// pnpm rollback <remote> [version]
// Points <remote> back to the previous version in its history (or the named one). Nothing is
// rebuilt or copied: only `current` in remotes.json changes; the next page load uses it.
import fs from 'node:fs';
import path from 'node:path';
import { OpsError, assertRemote, originDir, readRegistry, runCli, writeRegistry } from './lib.mjs';

await runCli(async (argv) => {
  const [remote, version, ...rest] = argv;
  if (rest.length > 0) throw new OpsError('Uso: pnpm rollback <remoto> [versión]');
  assertRemote(remote);
  const origin = originDir();
  const registry = readRegistry(origin);
  const entry = registry.remotes[remote];
  if (!entry || !entry.history?.length) throw new OpsError(`${remote} no tiene versiones publicadas.`);

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
  if (!fs.existsSync(path.join(origin, remote, target, 'mf-manifest.json'))) {
    throw new OpsError(`La carpeta de ${remote} ${target} no está en el origen (${path.join(origin, remote, target)}); no cambió nada.`);
  }

  const from = entry.current;
  entry.current = target;
  entry.changedAt = new Date().toISOString();
  writeRegistry(registry, origin);
  console.log(`✔ ${remote}: ${from} → ${target} (sin recompilar; la próxima carga de página usa ${target})`);
});
