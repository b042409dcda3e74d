import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const HERE = import.meta.dirname;
const ROOT = path.resolve(HERE, '..', '..');

// The fixture tree (fixtures/general) copied outside the repo with the repo's own Biome rules
// (biome.json, minus the file list and git that belong to the repo), then checked the way
// `pnpm lint` checks the repo: lint.mjs, Biome then knip.
let tree;
beforeAll(() => {
  tree = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-lint-'));
  fs.cpSync(path.join(HERE, 'fixtures', 'general'), tree, { recursive: true });
  const { $schema, vcs, files, ...config } = JSON.parse(fs.readFileSync(path.join(ROOT, 'biome.json'), 'utf8'));
  fs.writeFileSync(path.join(tree, 'biome.json'), JSON.stringify(config));
});
afterAll(() => fs.rmSync(tree, { recursive: true, force: true }));

function lint(...only) {
  const result = spawnSync(process.execPath, [path.join(HERE, 'lint.mjs'), '--root', tree, ...only.flatMap((o) => ['--only', o])], { encoding: 'utf8' });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('pnpm lint: Biome and knip (platform/lint/lint.mjs)', () => {
  it('fails on a hook called conditionally, an effect missing a dependency and a floating promise', () => {
    const { code, output } = lint('biome');
    expect(code).not.toBe(0);
    expect(output).toMatch(/hooks\.tsx.*lint\/correctness\/useHookAtTopLevel/);
    expect(output).toMatch(/hooks\.tsx.*lint\/correctness\/useExhaustiveDependencies/);
    expect(output).toMatch(/promise\.ts.*lint\/nursery\/noFloatingPromises/);
  });

  it('fails on an export nobody imports', () => {
    const { code, output } = lint('knip');
    expect(code).not.toBe(0);
    expect(output).toMatch(/Unused exports \(1\)/);
    expect(output).toMatch(/forgotten\s+lib\.ts/);
  });
});
