// pnpm status [--json] — each remote's live version and its history.
import { REMOTE_NAMES, originDir, readRegistry, registryPath, runCli } from './lib.mjs';

await runCli(async (argv) => {
  const origin = originDir();
  const registry = readRegistry(origin);
  if (argv.includes('--json')) {
    console.log(JSON.stringify(registry, null, 2));
    return;
  }
  console.log(`Registro: ${registryPath(origin)}`);
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
});
