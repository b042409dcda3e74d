// pnpm status [--json] — each remote's live version (and its canary with both shares) and its
// history, then the latest changes (who, when, from → to, why); under each live version (and any
// with reports) its browser telemetry of the last 24 h (telemetry-summary.mjs). --json prints the
// registry alone. Last, the waiting rooms of events "en venta con fila" (sala-espera-summary.mjs).
import { readCanary } from '../canary.mjs';
import { CANARY_FORCED, RELEASE_FORCED, REMOTE_NAMES, runCli, withOrigin } from './lib.mjs';

const ACTIONS = {
  release: 'publicó',
  [RELEASE_FORCED]: 'publicó con --force (sin la puerta)',
  rollback: 'cambió',
  canary: 'publicó en canary',
  [CANARY_FORCED]: 'publicó en canary con --force (sin la puerta)',
  promote: 'promovió el canary',
  abort: 'abortó el canary',
};
import { formatFigures, readTelemetry } from './telemetry-summary.mjs';
import { readSalas, salasLines } from './sala-espera-summary.mjs';

const RECENT_CHANGES = 10;

await runCli(async (argv) => {
  await withOrigin(undefined, async (origin) => {
    const registry = await origin.readRegistry();
    if (argv.includes('--json')) {
      console.log(JSON.stringify(registry, null, 2));
      return;
    }
    const telemetry = await readTelemetry();
    console.log(`Registro: ${origin.registryLocation}`);
    console.log(
      telemetry.problem
        ? `(${telemetry.problem})`
        : 'Telemetría de los navegadores, últimas 24 h: sesiones · tasa de error (sesiones con error) · Web Vitals p75',
    );
    if (origin.kind !== 'dir') console.log(`Archivos: ${origin.location}`);
    for (const name of REMOTE_NAMES) {
      const entry = registry.remotes[name];
      if (!entry) {
        console.log(`\n${name}: sin publicar`);
        continue;
      }
      const canary = readCanary(entry);
      const since = entry.changedAt ? ` (desde ${entry.changedAt})` : '';
      if (canary) {
        console.log(`\n${name}: en vigor ${entry.current} — ${100 - canary.percent} % de los navegadores${since}`);
        console.log(
          `  canary ${canary.version} — ${canary.percent} % de los navegadores (desde ${canary.startedAt ?? '?'}; termínalo con promote ${name} | abort ${name})`,
        );
      } else {
        console.log(`\n${name}: en vigor ${entry.current}${since}`);
      }
      for (const release of entry.history) {
        const mark = release.version === entry.current ? '*' : release.version === canary?.version ? 'c' : ' ';
        console.log(`  ${mark} ${release.version.padEnd(12)} ${release.publishedAt}  ${release.entry}`);
        const live = release.version === entry.current || release.version === canary?.version;
        if (telemetry.figures && (live || telemetry.figures.has(`${name} ${release.version}`))) {
          console.log(`      ${formatFigures(telemetry.figures.get(`${name} ${release.version}`))}`);
        }
      }
    }
    for (const name of Object.keys(registry.remotes)) {
      if (!REMOTE_NAMES.includes(name)) console.log(`\n(aviso) ${name}: remoto desconocido en el registro; el shell lo ignora`);
    }
    const changes = await origin.readAudit(RECENT_CHANGES);
    if (changes.length) {
      console.log(`\nÚltimos cambios:`);
      for (const c of changes) {
        const what = ACTIONS[c.action] ?? c.action;
        console.log(`  ${c.at}  ${c.remote} ${what} ${c.from ?? '(ninguna)'} → ${c.to}  por ${c.actor}${c.reason ? ` — «${c.reason}»` : ''}`);
      }
    }
    for (const line of salasLines(await readSalas())) console.log(line);
  });
});
