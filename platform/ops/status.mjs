// pnpm status [--json] — each remote's live version and its history, then the latest changes
// (who, when, from → to, why). --json prints the registry alone.
import { RELEASE_FORCED, REMOTE_NAMES, runCli, withOrigin } from './lib.mjs';

const RECENT_CHANGES = 10;

await runCli(async (argv) => {
  await withOrigin(undefined, async (origin) => {
    const registry = await origin.readRegistry();
    if (argv.includes('--json')) {
      console.log(JSON.stringify(registry, null, 2));
      return;
    }
    console.log(`Registro: ${origin.registryLocation}`);
    if (origin.kind !== 'dir') console.log(`Archivos: ${origin.location}`);
    for (const name of REMOTE_NAMES) {
      const entry = registry.remotes[name];
      if (!entry) {
        console.log(`\n${name}: sin publicar`);
        continue;
      }
      console.log(`\n${name}: en vigor ${entry.current}${entry.changedAt ? ` (desde ${entry.changedAt})` : ''}`);
      for (const release of entry.history) {
        const mark = release.version === entry.current ? '*' : ' ';
        console.log(`  ${mark} ${release.version.padEnd(12)} ${release.publishedAt}  ${release.entry}`);
      }
    }
    for (const name of Object.keys(registry.remotes)) {
      if (!REMOTE_NAMES.includes(name)) console.log(`\n(aviso) ${name}: remoto desconocido en el registro; el shell lo ignora`);
    }
    const changes = await origin.readAudit(RECENT_CHANGES);
    if (changes.length) {
      console.log(`\nÚltimos cambios:`);
      for (const c of changes) {
        const what = c.action === 'release' ? 'publicó' : c.action === RELEASE_FORCED ? 'publicó con --force (sin la puerta)' : c.action === 'rollback' ? 'cambió' : c.action;
        console.log(`  ${c.at}  ${c.remote} ${what} ${c.from ?? '(ninguna)'} → ${c.to}  por ${c.actor}${c.reason ? ` — «${c.reason}»` : ''}`);
      }
    }
  });
});
