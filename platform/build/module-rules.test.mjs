import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleRules, spanishDateFnsDefault } from './module-rules.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const shellDir = path.join(ROOT, 'shell');
// date-fns as @taquilla/shared (the one package that formats dates) resolves it.
const sharedDir = path.join(ROOT, 'shared');
const require = createRequire(path.join(shellDir, 'package.json'));
const { rspack } = await import(pathToFileURL(require.resolve('@rspack/core')).href);

/** Builds `source` (from shared's folder, so date-fns resolves as in the real builds) and returns the bundle's text. */
async function build(source, plugins) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-locale-'));
  const entry = path.join(sharedDir, `.locale-probe-${process.pid}.ts`);
  fs.writeFileSync(entry, source);
  try {
    await new Promise((resolve, reject) =>
      rspack({
        mode: 'production',
        target: 'web',
        context: sharedDir,
        entry,
        output: { path: dir, filename: 'out.js' },
        resolve: { extensions: ['.ts', '.js', '.mjs'] },
        module: { rules: moduleRules() },
        plugins,
        optimization: { minimize: true },
        infrastructureLogging: { level: 'error' },
      }).run((error, stats) => (error || stats.hasErrors() ? reject(error ?? new Error(stats.toString('errors-only'))) : resolve())),
    );
    return fs.readFileSync(path.join(dir, 'out.js'), 'utf8');
  } finally {
    fs.rmSync(entry, { force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('spanishDateFnsDefault', () => {
  const probe = "import { format } from 'date-fns';\nconsole.log(format(new Date(2026, 0, 5), 'MMMM'));\n";

  it("leaves date-fns' English default out of the bundle and formats in Spanish without a locale", async () => {
    const swapped = await build(probe, [spanishDateFnsDefault(rspack)]);
    expect(swapped).not.toContain('January');
    expect(swapped).toContain('enero');
    const result = [];
    new Function('console', swapped)({ log: (value) => result.push(value) });
    expect(result).toEqual(['enero']);
  });

  it('without it, the same code carries and uses en-US (what the plugin saves)', async () => {
    const stock = await build(probe, []);
    expect(stock).toContain('January');
  });
});
