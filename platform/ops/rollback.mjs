// pnpm rollback <remote> [version] [--reason "…"]
// Points <remote> back to the previous version in its history (or the named one). Nothing is
// rebuilt or copied: only `current` in the registry changes (and the audit log records it);
// the next page load uses it, and open tabs move to it at their next safe moment.
import { OpsError, assertRemote, positionalAndReason, rollbackRemote, runCli } from './lib.mjs';

const USAGE = 'Uso: pnpm rollback <remoto> [versión] [--reason "…"]';

await runCli(async (argv) => {
  const { positional, reason } = positionalAndReason(argv, USAGE);
  const [remote, version, ...rest] = positional;
  if (rest.length > 0) throw new OpsError(USAGE);
  assertRemote(remote);
  const { from, to } = await rollbackRemote(remote, version, { reason });
  console.log(
    `✔ ${remote}: ${from} → ${to} (sin recompilar; la próxima carga de página usa ${to} y las pestañas abiertas pasan a ${to} en su próximo momento seguro)`,
  );
});
