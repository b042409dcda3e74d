import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const HERE = import.meta.dirname;
const ROOT = path.resolve(HERE, '..', '..');
const depcruise = path.join(ROOT, 'platform', 'node_modules', '.bin', 'depcruise');

/** Runs the repo's boundary lint over a fixture tree, from that tree's root as `pnpm lint` does from the repo's. */
function lint(fixture, folders, config = 'boundaries.cjs') {
  const result = spawnSync(
    depcruise,
    ['--config', path.join(HERE, config), '--ts-config', path.join(ROOT, 'tsconfig.base.json'), '--output-type', 'err', ...folders],
    { cwd: path.join(HERE, 'fixtures', fixture), encoding: 'utf8' },
  );
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('import boundaries (platform/lint/boundaries.cjs)', () => {
  it("fails on a remote importing another remote, on another package's src/ and on a subpath shared does not export", () => {
    const { code, output } = lint('violations', ['mfe-alpha/src', 'shell/src']);
    expect(code).not.toBe(0);
    expect(output).toMatch(/no-remote-to-remote: mfe-alpha\/src\/index\.ts → mfe-beta\/src\/beta\.ts/);
    expect(output).toMatch(/no-other-package-src: mfe-alpha\/src\/index\.ts → mfe-beta\/src\/beta\.ts/);
    expect(output).toMatch(/no-other-package-src: shell\/src\/index\.ts → shared\/src\/bus\.ts/);
    expect(output).toMatch(/no-unresolvable: shell\/src\/index\.ts → @taquilla\/shared\/api\/client/);
  });

  it('fails on a typed call module that takes the client by a relative path instead of from the root', () => {
    const { code, output } = lint('violations', ['shared/src']);
    expect(code).not.toBe(0);
    expect(output).toMatch(/typed-calls-use-root-client: shared\/src\/api\/perfil\.ts → shared\/src\/api\/client\.ts/);
  });

  it('passes a remote that uses the shared package by its entry points', () => {
    const { code, output } = lint('clean', ['mfe-alpha/src']);
    expect(output).not.toMatch(/error/);
    expect(code).toBe(0);
  });

  it('fails on an import cycle in the API, even one closed by a type-only import (cycles.cjs)', () => {
    const { code, output } = lint('cycle', ['api/src'], 'cycles.cjs');
    expect(code).not.toBe(0);
    expect(output).toMatch(/no-api-cycle: api\/src\/a\.ts/);
  });
});
