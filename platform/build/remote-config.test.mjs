import path from 'node:path';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRemoteConfig } from './remote-config.mjs';
import { REMOTE_RUNTIME_EXPERIMENTS, SHARED_SINGLETON_NAMES, createSharedSingletons, hostFederationOptions } from './shared-singletons.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const seating = path.join(ROOT, 'mfe-seating');
const federationOptions = (config) => config.plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin')._options;

describe('createRemoteConfig', () => {
  it('builds a production federation container with the delivery contract', async () => {
    const config = await createRemoteConfig({ name: 'seating', dir: seating, port: 3012, exposes: { './X': './src/app/EventDetail.tsx' } });
    expect(config.mode).toBe('production');
    expect(config.output.publicPath).toBe('auto');
    expect(config.output.filename).toMatch(/\[contenthash/);
    expect(config.output.chunkFilename).toMatch(/\[contenthash/);
    const mf = federationOptions(config);
    expect(mf).toMatchObject({ name: 'seating', filename: 'remoteEntry.js', manifest: true, dts: false, shareStrategy: 'loaded-first' });
    expect(Object.keys(mf.shared)).toEqual([...SHARED_SINGLETON_NAMES]);
    // Runs on the shell's MF runtime, built for the browser, with no remote-loading or snapshot code.
    expect(mf.experiments).toEqual(REMOTE_RUNTIME_EXPERIMENTS);
    expect(mf.experiments).toMatchObject({ externalRuntime: true, optimization: { target: 'web', disableRemote: true, disableSnapshot: true } });
  });

  it('each version has its own chunk-loading global, so a tab moving between versions never reuses the other one’s chunks', async () => {
    const configFor = async (version) => {
      const before = process.env.REMOTE_VERSION;
      process.env.REMOTE_VERSION = version;
      try {
        return await createRemoteConfig({ name: 'seating', dir: seating, port: 3012, exposes: { './X': './src/app/EventDetail.tsx' } });
      } finally {
        if (before === undefined) delete process.env.REMOTE_VERSION;
        else process.env.REMOTE_VERSION = before;
      }
    };
    const a = await configFor('1.0.0');
    const b = await configFor('1.0.1-beta.2');
    expect(a.output.uniqueName).toBe('taquilla_seating_1_0_0');
    expect(b.output.uniqueName).toBe('taquilla_seating_1_0_1_beta_2');
  });

  it('a development build keeps its own runtime (no host provides one to a standalone page)', async () => {
    const config = await createRemoteConfig({
      name: 'seating',
      dir: seating,
      port: 3012,
      mode: 'development',
      exposes: { './X': './src/app/EventDetail.tsx' },
    });
    expect(federationOptions(config).experiments).toBeUndefined();
  });

  it('refuses a name that is not an identifier (it becomes a JS global)', async () => {
    await expect(createRemoteConfig({ name: 'mfe-seating', dir: seating, port: 1, exposes: {} })).rejects.toThrow(/identifier/);
  });
});

describe('shared singletons', () => {
  it('pins explicit versions from the installed packages, never a workspace range', () => {
    const shared = createSharedSingletons(seating);
    const sharedPkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'shared', 'package.json'), 'utf8'));
    expect(shared['@taquilla/shared']).toMatchObject({ singleton: true, requiredVersion: sharedPkg.version });
    for (const [name, item] of Object.entries(shared)) {
      expect(item.singleton, name).toBe(true);
      // A version the page's copy does not satisfy is an error, not a warning (decision 0024).
      expect(item.strictVersion, name).toBe(true);
      expect(item.requiredVersion, name).toMatch(/^\^?\d+\.\d+\.\d+/);
    }
    expect(shared['react-dom/'].requiredVersion).toBe(shared['react-dom'].requiredVersion);
  });
});

describe('hostFederationOptions (the shell)', () => {
  it('provides every singleton eagerly, except the tree-shaken router', () => {
    const host = hostFederationOptions(path.join(ROOT, 'shell'));
    expect(host).toMatchObject({ shareStrategy: 'loaded-first', manifest: false, dts: false });
    // The MF runtime every production remote runs on, browser-only, without the snapshot plugin.
    expect(host.experiments).toEqual({ provideExternalRuntime: true, optimization: { target: 'web', disableSnapshot: true } });
    expect(Object.keys(host.shared)).toEqual([...SHARED_SINGLETON_NAMES]);
    for (const [name, config] of Object.entries(host.shared)) {
      // MF refuses eager + treeShaking on one shared package ("Choose one strategy").
      expect(config.eager === true, name).toBe(!config.treeShaking);
    }
    expect(host.shared['react-router-dom'].treeShaking).toBeTruthy();
  });
});
