// `pnpm lint` (root) and the lint step of `npm test`: every check, each run to the end, the exit
// code ≠ 0 if any found something.
//   1. Biome (biome.json): lint rules — React hooks, floating promises, unused imports… — and the
//      format check (`pnpm format` writes it);
//   2. knip (knip.jsonc): unused files, exports and dependencies across the workspace;
//   3. import boundaries and the API's import cycles (check-boundaries.mjs).
// Run from the repo root; `--root <dir>` runs Biome and knip over another tree (the lint tests' fixtures).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

const REPO = path.resolve(import.meta.dirname, '..', '..');
const { values } = parseArgs({ options: { root: { type: 'string' }, only: { type: 'string', multiple: true } } });
const root = path.resolve(values.root ?? REPO);
const only = values.only ?? ['biome', 'knip', 'boundaries'];
const bin = (name) => path.join(REPO, 'node_modules', '.bin', name);

const checks = {
  biome: () => [bin('biome'), ['ci', '--error-on-warnings', '--max-diagnostics=none', '.']],
  knip: () => [bin('knip'), ['--no-progress', '--no-config-hints']],
  boundaries: () => [process.execPath, [path.join(REPO, 'platform', 'lint', 'check-boundaries.mjs')]],
};

let failed = 0;
for (const name of only) {
  const [cmd, args] = checks[name]();
  console.log(`▶ lint: ${name}`);
  const status = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status;
  if (status !== 0) {
    console.error(`✖ lint: ${name} encontró problemas (salida ${status})`);
    failed += 1;
  }
}
process.exitCode = failed ? 1 : 0;
