// pnpm promote <remote> [--reason "…"]  /  pnpm abort <remote> [--reason "…"]
// (promote.mjs and abort.mjs run this with their action.) Ends a remote's canary
// (`release --canary`): promote makes the canary version current for every browser; abort
// drops it, every browser back on current. Only the registry changes (serialised, audited).
import { OpsError, abortCanary, assertRemote, positionalAndReason, promoteCanary, runCli } from './lib.mjs';

export async function canaryCommand(action) {
  const usage = `Uso: pnpm ${action} <remoto> [--reason "…"]`;
  await runCli(async (argv) => {
    const { positional, reason } = positionalAndReason(argv, usage);
    const [remote, ...rest] = positional;
    if (rest.length > 0) throw new OpsError(`Argumento de más: ${rest[0]}. ${usage}`);
    assertRemote(remote);
    const finish = action === 'promote' ? promoteCanary : abortCanary;
    const { from, to } = await finish(undefined, remote, { reason });
    const what = action === 'promote' ? 'canary promovido' : 'canary abortado';
    console.log(`✔ ${remote}: ${what}, ${from} → ${to} para todos (las pestañas abiertas lo cargan en su próximo momento seguro)`);
  });
}
