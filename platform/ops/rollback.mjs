// pnpm rollback <remote> [version] [--reason "…"]
// Points <remote> back to the previous version in its history (or the named one). Nothing is
// rebuilt or copied: only `current` in the registry changes (and the audit log records it);
// the next page load uses it.
import { OpsError, assertRemote, rollbackRemote, runCli } from './lib.mjs';

const USAGE = 'Uso: pnpm rollback <remoto> [versión] [--reason "…"]';

await runCli(async (argv) => {
  const positional = [];
  let reason;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--reason') {
      reason = argv[++i];
      if (reason === undefined) throw new OpsError(`Falta el valor de --reason. ${USAGE}`);
    } else if (arg.startsWith('--reason=')) reason = arg.slice('--reason='.length);
    else if (arg.startsWith('-')) throw new OpsError(`Opción desconocida: ${arg}. ${USAGE}`);
    else positional.push(arg);
  }
  const [remote, version, ...rest] = positional;
  if (rest.length > 0) throw new OpsError(USAGE);
  assertRemote(remote);
  const { from, to } = await rollbackRemote(remote, version, { reason });
  console.log(`✔ ${remote}: ${from} → ${to} (sin recompilar; la próxima carga de página usa ${to})`);
});
