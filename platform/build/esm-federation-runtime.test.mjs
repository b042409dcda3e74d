import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { esmTwin, rewriteAliases } from './esm-federation-runtime.mjs';
import { createRemoteConfig } from './remote-config.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const seating = path.join(ROOT, 'mfe-seating');
const pkgDist = (pkg) => `/repo/node_modules/.pnpm/${pkg}@2.9.3/node_modules/@module-federation/${pkg}/dist`;

describe('esmTwin', () => {
  const exists = (file) => file.endsWith('.js');

  it('points a federation runtime .cjs file at its ESM twin', () => {
    expect(esmTwin(`${pkgDist('runtime')}/index.cjs`, exists)).toBe(`${pkgDist('runtime')}/index.js`);
    expect(esmTwin(`${pkgDist('runtime-tools')}/bundler.cjs`, exists)).toBe(`${pkgDist('runtime-tools')}/bundler.js`);
  });

  it('leaves a file alone when there is no ESM twin, or when it is not the federation runtime', () => {
    expect(esmTwin(`${pkgDist('runtime')}/index.cjs`, () => false)).toBe(`${pkgDist('runtime')}/index.cjs`);
    expect(esmTwin('/repo/node_modules/react/index.cjs', exists)).toBe('/repo/node_modules/react/index.cjs');
    expect(esmTwin(`${pkgDist('runtime')}/index.js`, exists)).toBe(`${pkgDist('runtime')}/index.js`);
    expect(esmTwin(false, exists)).toBe(false);
  });
});

describe('rewriteAliases', () => {
  it('rewrites only the federation runtime aliases, in place', () => {
    const alias = {
      '@module-federation/runtime$': `${pkgDist('runtime')}/index.cjs`,
      '@module-federation/runtime-tools': [`${pkgDist('runtime-tools')}/index.cjs`],
      react: '/repo/node_modules/react/index.js',
      ignored: false,
    };
    const changed = rewriteAliases(alias, (file) => file.endsWith('.js'));
    expect(changed).toEqual(['@module-federation/runtime$', '@module-federation/runtime-tools']);
    expect(alias).toEqual({
      '@module-federation/runtime$': `${pkgDist('runtime')}/index.js`,
      '@module-federation/runtime-tools': [`${pkgDist('runtime-tools')}/index.js`],
      react: '/repo/node_modules/react/index.js',
      ignored: false,
    });
  });
});

describe('a real remote build', () => {
  it('bundles the federation runtime from ESM only (no CommonJS runtime module left)', async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-esm-runtime-'));
    try {
      const config = await createRemoteConfig({
        name: 'seating',
        dir: seating,
        port: 1,
        outputPath: out,
        exposes: { './EventDetail': './src/app/EventDetail.tsx' },
      });
      const require = createRequire(path.join(seating, 'package.json'));
      const { rspack } = await import(pathToFileURL(require.resolve('@rspack/core')).href);
      const stats = await new Promise((resolve, reject) => rspack(config).run((error, result) => (error ? reject(error) : resolve(result))));
      expect(stats.hasErrors(), stats.toString('errors-only')).toBe(false);
      const names = stats.toJson({ modules: true, chunks: false, assets: false }).modules.map((m) => m.name ?? '');
      const federation = names.filter((name) => name.includes('@module-federation'));
      expect(federation.length).toBeGreaterThan(0);
      expect(federation.filter((name) => /\.cjs\b/.test(name))).toEqual([]);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});
