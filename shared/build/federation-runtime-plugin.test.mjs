import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUNDLER_RUNTIME, isMfBundlerRuntime, isMfRuntimeModule } from './federation-runtime-plugin.mjs';
import { createRemoteConfig } from './remote-config.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const seating = path.join(ROOT, 'mfe-seating');
const requireFromSeating = createRequire(path.join(seating, 'package.json'));
const pnpmDist = (pkg) => `/repo/node_modules/.pnpm/@module-federation+${pkg}@2.9.3/node_modules/@module-federation/${pkg}/dist`;

describe('which modules the plugin redirects and refuses', () => {
  it('redirects only the bundler runtime entry the generated federation code imports', () => {
    expect(isMfBundlerRuntime(`${pnpmDist('webpack-bundler-runtime')}/index.cjs`)).toBe(true);
    expect(isMfBundlerRuntime(`${pnpmDist('webpack-bundler-runtime')}/index.js`)).toBe(true);
    expect(isMfBundlerRuntime(`${pnpmDist('webpack-bundler-runtime')}/consumes.js`)).toBe(false);
    expect(isMfBundlerRuntime('/repo/node_modules/react/index.js')).toBe(false);
  });

  it('counts every MF browser runtime package, not the build plugins', () => {
    for (const pkg of ['runtime', 'runtime-core', 'runtime-tools', 'sdk', 'webpack-bundler-runtime', 'error-codes']) {
      expect(isMfRuntimeModule(`${pnpmDist(pkg)}/index.js`), pkg).toBe(true);
    }
    expect(isMfRuntimeModule('/repo/node_modules/react-router/dist/index.js')).toBe(false);
    expect(isMfRuntimeModule(BUNDLER_RUNTIME)).toBe(false);
  });
});

async function buildSeating(exposes) {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-federation-runtime-'));
  try {
    const config = await createRemoteConfig({ name: 'seating', dir: seating, port: 1, outputPath: out, exposes });
    const { rspack } = await import(pathToFileURL(requireFromSeating.resolve('@rspack/core')).href);
    const stats = await new Promise((resolve, reject) =>
      rspack(config).run((error, result) => (error ? reject(error) : resolve(result))),
    );
    const json = stats.toJson({ modules: true, chunks: false, assets: false, errors: true });
    return {
      errors: json.errors.map((error) => error.message).join('\n'),
      modules: json.modules.map((module) => module.nameForCondition ?? module.name ?? ''),
      remoteEntry: stats.hasErrors() ? '' : fs.readFileSync(path.join(out, 'remoteEntry.js'), 'utf8'),
    };
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

describe('a real remote build', () => {
  it("runs on Taquilla's bundler runtime: no Module Federation runtime module in the output", async () => {
    const build = await buildSeating({ './EventDetail': './src/app/EventDetail.tsx' });
    expect(build.errors).toBe('');
    expect(build.modules).toContain(BUNDLER_RUNTIME);
    expect(build.modules.filter(isMfRuntimeModule)).toEqual([]);
    expect(build.remoteEntry).toContain('var seating;');
  }, 120_000);

  it('an import of the MF runtime is a build error that names the module', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-mf-import-'));
    try {
      const runtimeFile = requireFromSeating.resolve('@module-federation/enhanced/runtime');
      const expose = path.join(dir, 'Sneaky.js');
      fs.writeFileSync(expose, `export { loadRemote as default } from ${JSON.stringify(runtimeFile)};\n`);
      const build = await buildSeating({ './Sneaky': expose });
      expect(build.errors).toMatch(/el runtime de Module Federation no debe entrar al bundle/);
      expect(build.errors).toContain('@module-federation');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
