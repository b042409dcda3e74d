// `pnpm lint` (root) and a step of `npm test`: the import-boundary rules of boundaries.cjs over
// every package's source, then the API's import cycles (cycles.cjs), run from the repo root so
// rule paths read `mfe-catalog/src/…`.
// Exit code ≠ 0 on any violation; each one printed as `error <rule>: <from> → <to>`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const depcruise = path.join(ROOT, 'platform', 'node_modules', '.bin', 'depcruise');

const remotes = fs
  .readdirSync(ROOT)
  .filter((name) => name.startsWith('mfe-'))
  .sort();
const folders = ['shell/src', 'shared/src', ...remotes.map((r) => `${r}/src`), 'api/src', 'api/dev', 'platform/openpay-sandbox/src'].filter((f) =>
  fs.existsSync(path.join(ROOT, f)),
);

const run = (config, dirs) =>
  spawnSync(depcruise, ['--config', config, '--ts-config', 'tsconfig.base.json', '--output-type', 'err', ...dirs], { cwd: ROOT, stdio: 'inherit' }).status ?? 1;

const boundaries = run('platform/lint/boundaries.cjs', folders);
// Import cycles in the API, type imports counted (cycles.cjs).
const cycles = run('platform/lint/cycles.cjs', ['api/src']);
process.exitCode = boundaries || cycles;
