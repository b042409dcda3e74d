// Release-gate benchmark (not a timed test): how long `pnpm release` takes to REFUSE a broken
// release of one remote, against a plain release of a good build measured in the same run.
//
//   node e2e/bench/gate.mjs              (root: npm run bench:gate)
//
// In one run it builds the shell into a temp folder (SHELL_DIR) and releases every remote from
// today's code into a temp origin (platform/ops/gate/fixtures.mjs), builds the broken variants
// of the issue, then times the real `release` command (a child process, --dist, as CI runs it):
//   - baseline: a good seating build released with --force (no gate: copy + registry change);
//   - the same good build through the gate (static checks + smoke mount in Chromium);
//   - refusals: renamed bus event (caught by the static checks), @taquilla/shared 0.3.0
//     (static), catalog throwing on mount (only the smoke mount sees it).
// The gate starts its own shop for the smoke mount (the default: the live shell on a copy of
// the demo database, platform/ops/gate/shop.mjs); the first run of a machine seeds that
// database once (~30 s) and is reported apart, as is every later run.
// Floor: a broken release of one remote is refused within 60 s (exit code 1 past it).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const FLOOR_MS = 60_000;
const { VARIANTS, buildVariant, liveOrigin } = await import('../../platform/ops/gate/fixtures.mjs');

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-bench-gate-'));
const { origin, shellDir } = await liveOrigin(tmp);
const builds = {
  goodForced: buildVariant(tmp, 'seating', '1.1.0'),
  good: buildVariant(tmp, 'seating', '1.1.1'),
  renamedEvent: buildVariant(tmp, 'seating', '1.1.2', VARIANTS.renamedEvent),
  sharedAhead: buildVariant(tmp, 'catalog', '1.1.0', VARIANTS.sharedAhead),
  throwsOnMount: buildVariant(tmp, 'catalog', '1.1.1', VARIANTS.throwsOnMount),
};
const seedDir = path.join(ROOT, '.data', 'gate-pglite');
const seededBefore = fs.existsSync(path.join(seedDir, 'PG_VERSION'));

function release(...args) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [path.join(ROOT, 'platform/ops/release.mjs'), ...args], {
      env: { ...process.env, ORIGIN_DIR: origin, ORIGIN_S3_BUCKET: '', SHELL_DIR: shellDir, GATE_SHOP_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('close', (code) => resolve({ code, ms: performance.now() - started, output }));
  });
}

const rows = [];
async function measure(label, expectCode, ...args) {
  const result = await release(...args);
  if (result.code !== expectCode) {
    console.error(result.output);
    throw new Error(`${label}: exit ${result.code}, expected ${expectCode}`);
  }
  rows.push({ label, ms: result.ms, refused: result.code === 1 });
  console.log(`  ${label}: ${(result.ms / 1000).toFixed(1)} s`);
  return result;
}

console.log(`▶ gate bench (${new Date().toISOString()}, ${os.cpus().length} CPU)`);
await measure(
  'baseline: good seating build, --force (no gate)',
  0,
  'seating',
  '--version',
  '1.1.0',
  '--dist',
  builds.goodForced,
  '--force',
  '--reason',
  'bench baseline',
);
if (!seededBefore)
  await measure('first run of this machine: seeds the gate shop database (good build, gate passes)', 0, 'seating', '--version', '1.1.1', '--dist', builds.good);
else await measure('good seating build through the gate (smoke mount included)', 0, 'seating', '--version', '1.1.1', '--dist', builds.good);
if (!seededBefore) rows.at(-1).label += ' — not a refusal';
await measure('refused: seating emits a renamed bus event (static checks)', 1, 'seating', '--version', '1.1.2', '--dist', builds.renamedEvent);
await measure('refused: catalog built against @taquilla/shared 0.3.0 (static checks)', 1, 'catalog', '--version', '1.1.0', '--dist', builds.sharedAhead);
await measure('refused: catalog throws on mount (smoke mount in Chromium)', 1, 'catalog', '--version', '1.1.1', '--dist', builds.throwsOnMount);

const baseline = rows[0].ms;
console.log('\n| release | time | × baseline |\n|---|---:|---:|');
for (const row of rows) console.log(`| ${row.label} | ${(row.ms / 1000).toFixed(1)} s | ${(row.ms / baseline).toFixed(1)} |`);
const slowest = Math.max(...rows.filter((r) => r.refused).map((r) => r.ms));
console.log(`\nslowest refusal: ${(slowest / 1000).toFixed(1)} s (floor ≤ ${FLOOR_MS / 1000} s) ${slowest <= FLOOR_MS ? '✔' : '✖'}`);
fs.rmSync(tmp, { recursive: true, force: true });
if (slowest > FLOOR_MS) process.exitCode = 1;
