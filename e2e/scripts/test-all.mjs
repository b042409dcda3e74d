// npm test — every suite, in order, from a fresh clone:
//   install → lint (Biome, knip, import boundaries) → typecheck (every package) → vitest (every package + platform) → API on PGlite
//   → API on PostgreSQL (when TEST_DATABASE_URL is set) → build shell + remotes → Playwright.
// Prints one line per step with its time, then `N passed, N failed` (tests of all suites; a
// step that fails without test counts — install, typecheck, build — counts as 1 failed).
// Exit code ≠ 0 on any failure.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const PACKAGES = ['shared', 'shell', 'mfe-catalog', 'mfe-seating', 'mfe-checkout', 'mfe-account', 'mfe-auth', 'platform/openpay-sandbox', 'api', 'e2e'];
const REMOTES = PACKAGES.filter((p) => p.startsWith('mfe-'));
const totals = { passed: 0, failed: 0 };
const failures = [];
const t0 = Date.now();

const stripAnsi = (s) => s.replace(/\x1b\[[0-9;]*m/g, '');

function exec(command, args, { cwd = ROOT, env = {}, echo = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk) => {
      output += chunk;
      if (echo) process.stdout.write(chunk);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (error) => resolve({ code: 127, output: `${output}\n${error.message}` }));
    child.on('close', (code) => resolve({ code, output: stripAnsi(output) }));
  });
}

/** Test counts from vitest's or Playwright's summary lines. */
function counts(output, kind) {
  if (kind === 'vitest') {
    const lines = output.split('\n').reverse();
    const tests = lines.find((l) => /^\s*Tests\s+/.test(l)) ?? '';
    const files = lines.find((l) => /^\s*Test Files\s+/.test(l)) ?? '';
    const n = (line, word) => Number(new RegExp(`(\\d+) ${word}`).exec(line)?.[1] ?? 0);
    // A test file that fails to load has no failed *tests*: count it as one failure.
    return { passed: n(tests, 'passed'), failed: Math.max(n(tests, 'failed'), n(files, 'failed')), found: tests !== '' };
  }
  if (kind === 'plain') {
    // A script of ours closing on `N passed, N failed` (api/fleet/fleet.ts).
    const last = [...output.matchAll(/^(\d+) passed, (\d+) failed$/gm)].at(-1);
    return { passed: Number(last?.[1] ?? 0), failed: Number(last?.[2] ?? 0), found: Boolean(last) };
  }
  const n = (word) => Number(new RegExp(`^\\s*(\\d+) ${word}\\b`, 'm').exec(output)?.[1] ?? 0);
  return { passed: n('passed'), failed: n('failed') + n('timed out') + n('interrupted'), found: /^\s*\d+ (passed|failed)/m.test(output) };
}

async function step(name, command, args, { kind = null, cwd, env, echo } = {}) {
  const started = Date.now();
  const { code, output } = await exec(command, args, { cwd, env, echo });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  let passed = 0;
  let failed = 0;
  if (kind) ({ passed, failed } = counts(output, kind));
  if (code !== 0 && failed === 0) failed = 1; // crashed, or a step without test counts
  totals.passed += passed;
  totals.failed += failed;
  const ok = code === 0;
  const tally = kind ? ` — ${passed} passed, ${failed} failed` : '';
  console.log(`${ok ? '✔' : '✖'} ${name} (${secs} s)${tally}`);
  if (!ok) {
    failures.push(name);
    if (!echo)
      console.log(
        output
          .split('\n')
          .slice(-60)
          .map((l) => `    │ ${l}`)
          .join('\n'),
      );
  }
  return ok;
}

const node = process.execPath;
const bin = (pkg, tool, file) => path.join(ROOT, pkg, 'node_modules', ...tool.split('/'), file);
const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const vitest = (pkg) => bin(pkg, 'vitest', 'vitest.mjs');

console.log(`▶ Taquilla: todas las pruebas (${new Date().toISOString()})`);
const installed = await step('install (pnpm 12.4.2)', 'npx', ['-y', 'pnpm@12.4.2', 'install', '--frozen-lockfile'], { env: { CI: '1' } });

if (installed) {
  await step('lint (Biome, knip, import boundaries)', node, [path.join(ROOT, 'platform', 'lint', 'lint.mjs')]);

  for (const pkg of PACKAGES) {
    if (!fs.existsSync(path.join(ROOT, pkg, 'tsconfig.json'))) {
      await step(`typecheck ${pkg}`, node, ['-e', `console.error('${pkg}/tsconfig.json missing'); process.exit(1)`]);
      continue;
    }
    await step(`typecheck ${pkg}`, node, [tsc, '-p', path.join(pkg, 'tsconfig.json')]);
  }

  for (const pkg of PACKAGES.filter((p) => p !== 'api' && p !== 'e2e')) {
    await step(`vitest ${pkg}`, node, [vitest(pkg), 'run'], { kind: 'vitest', cwd: path.join(ROOT, pkg) });
  }
  await step('vitest platform (release/rollback/status, build factory, boundary lint)', node, [vitest('platform'), 'run'], {
    kind: 'vitest',
    cwd: path.join(ROOT, 'platform'),
  });

  await step('api suite (PGlite)', node, [vitest('api'), 'run'], { kind: 'vitest', cwd: path.join(ROOT, 'api') });
  if (process.env.TEST_DATABASE_URL) {
    await step('api suite (PostgreSQL)', 'npx', ['-y', 'pnpm@12.4.2', '--filter', '@taquilla/api', 'run', 'test:pg'], { kind: 'vitest' });
  } else {
    console.log('– api suite (PostgreSQL): omitida (define TEST_DATABASE_URL)');
  }

  let built = true;
  for (const pkg of ['shell', ...REMOTES]) {
    built =
      (await step(`build ${pkg}`, node, [bin(pkg, '@rspack/cli', 'bin/rspack.js'), 'build'], { cwd: path.join(ROOT, pkg), env: { NODE_ENV: 'production' } })) &&
      built;
  }
  if (built) {
    await step('e2e Playwright (Chromium)', node, [bin('e2e', '@playwright/test', 'cli.js'), 'test'], {
      kind: 'playwright',
      cwd: path.join(ROOT, 'e2e'),
      echo: true,
    });
    // The fleet (api/fleet/fleet.ts): three API processes behind HAProxy on PostgreSQL, Redis and
    // the local object store, from the server folder the image holds.
    const haproxy = fs.existsSync('/usr/sbin/haproxy');
    if (process.env.TEST_DATABASE_URL && (haproxy || process.env.CI)) {
      await step('fleet (3 API processes behind HAProxy)', 'npx', ['-y', 'pnpm@12.4.2', '--filter', '@taquilla/api', 'run', 'fleet'], {
        kind: 'plain',
        echo: true,
      });
    } else {
      console.log(`– fleet: omitida (${process.env.TEST_DATABASE_URL ? 'instala haproxy: apt-get install -y haproxy' : 'define TEST_DATABASE_URL'})`);
    }
  } else {
    console.log('✖ e2e Playwright: no se ejecutó porque la compilación falló');
    totals.failed += 1;
    failures.push('e2e (build failed)');
  }
}

const minutes = ((Date.now() - t0) / 60000).toFixed(1);
console.log(`\n${failures.length ? `Fallaron: ${failures.join('; ')}` : 'Todo en verde'} · ${minutes} min`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exitCode = failures.length || totals.failed ? 1 : 0;
