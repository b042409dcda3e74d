import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { installedVersion } from './shared-singletons.mjs';

// rspack and Module Federation are declared once, exact, in pnpm-workspace.yaml's `catalog:`.
// A package that writes its own range could build with another rspack or MF runtime than the
// shell whose runtime it runs on.
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const PINNED = /^(@rspack\/core|@rspack\/cli|@module-federation\/.+)$/;

const packages = fs
  .readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(ROOT, entry.name, 'package.json')))
  .map((entry) => ({ dir: path.join(ROOT, entry.name), json: JSON.parse(fs.readFileSync(path.join(ROOT, entry.name, 'package.json'), 'utf8')) }));

const declared = packages.flatMap(({ dir, json }) =>
  Object.entries({ ...json.dependencies, ...json.devDependencies, ...json.peerDependencies })
    .filter(([name]) => PINNED.test(name))
    .map(([name, range]) => ({ pkg: json.name, dir, name, range })),
);

describe('bundler and Module Federation versions', () => {
  it('every package takes them from the workspace catalog', () => {
    expect(declared.length).toBeGreaterThanOrEqual(6 * 3); // shell + five remotes
    for (const { pkg, name, range } of declared) expect(range, `${pkg} → ${name}`).toBe('catalog:');
  });

  it('every package gets the same exact version installed', () => {
    const seen = {};
    for (const { dir, name } of declared) (seen[name] ??= new Set()).add(installedVersion(name, dir));
    for (const [name, versions] of Object.entries(seen)) {
      expect([...versions], name).toHaveLength(1);
      expect([...versions][0], name).toMatch(/^\d+\.\d+\.\d+$/);
    }
  });
});
