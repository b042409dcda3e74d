import { afterEach, describe, expect, it, vi } from 'vitest';
import federation, { chooseShared, compareVersions, satisfies, type ShareScope, type SharedEntry, type WebpackRequire } from './bundler-runtime';

const { bundlerRuntime } = federation;

describe('satisfies (npm range semantics)', () => {
  it.each([
    ['19.3.1', '^19.3.1', true],
    ['19.9.0', '^19.3.1', true],
    ['20.0.0', '^19.3.1', false],
    ['19.3.0', '^19.3.1', false],
    ['0.2.9', '^0.2.3', true],
    ['0.3.0', '^0.2.3', false],
    ['0.0.4', '^0.0.3', false],
    ['1.2.9', '~1.2.3', true],
    ['1.3.0', '~1.2.3', false],
    ['0.1.0', '0.1.0', true],
    ['0.1.1', '0.1.0', false],
    ['1.5.0', '>=1.0.0 <2.0.0', true],
    ['2.0.0', '>=1.0.0 <2.0.0', false],
    ['1.2.7', '1.2.x', true],
    ['1.3.0', '1.2.x', false],
    ['3.1.4', '*', true],
    ['2.1.0', '^1.0.0 || ^2.0.0', true],
    ['3.0.0', '^1.0.0 || ^2.0.0', false],
    ['20.0.0-rc.1', '^19.3.1', false],
    ['1.0.0', '>= 1.0.0', true],
  ])('%s in %s → %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });

  it('orders versions numerically, a prerelease before its release', () => {
    expect(compareVersions('19.10.0', '19.9.9')).toBeGreaterThan(0);
    expect(compareVersions('2.0.0-rc.1', '2.0.0')).toBeLessThan(0);
    expect(compareVersions('7.18.6', '7.18.6')).toBe(0);
  });
});

const entry = (version: string, extra: Partial<SharedEntry> = {}): SharedEntry => ({
  version,
  from: `build-${version}`,
  get: () => () => version,
  eager: false,
  useIn: [],
  ...extra,
});

describe('chooseShared', () => {
  afterEach(() => vi.restoreAllMocks());

  it("loaded-first: a singleton takes the copy already loaded, even when a higher one is provided", () => {
    const scope: ShareScope = { react: { '19.3.1': entry('19.3.1', { loaded: true }), '19.4.0': entry('19.4.0') } };
    expect(chooseShared(scope, 'react', { singleton: true, requiredVersion: '^19.3.1' })?.version).toBe('19.3.1');
    expect(chooseShared(scope, 'react', { singleton: true, requiredVersion: '^19.3.1' }, 'version-first')?.version).toBe('19.4.0');
  });

  it('with nothing loaded, the highest version; a non-singleton only a copy in its range', () => {
    const scope: ShareScope = { lib: { '1.9.0': entry('1.9.0'), '2.1.0': entry('2.1.0') } };
    expect(chooseShared(scope, 'lib', { singleton: true })?.version).toBe('2.1.0');
    expect(chooseShared(scope, 'lib', { requiredVersion: '^1.0.0' })?.version).toBe('1.9.0');
    expect(chooseShared(scope, 'lib', { requiredVersion: '^3.0.0' })).toBeUndefined();
    expect(chooseShared(scope, 'other', { singleton: true })).toBeUndefined();
  });

  it('a singleton outside the range is used with a warning, or refused with strictVersion', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const scope: ShareScope = { react: { '18.3.1': entry('18.3.1', { loaded: true }) } };
    expect(chooseShared(scope, 'react', { singleton: true, requiredVersion: '^19.0.0' })?.version).toBe('18.3.1');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('react@18.3.1'));
    expect(() => chooseShared(scope, 'react', { singleton: true, requiredVersion: '^19.0.0', strictVersion: true })).toThrow(/no cumple \^19\.0\.0/);
  });
});

/** A federated build as rspack's generated code sets it up: its provided packages and consumes. */
function fakeBuild(name: string, provides: Record<string, { version: string; eager?: boolean }>) {
  const got: string[] = [];
  const req = {
    m: {},
    c: {},
    S: {},
    o: (object: object, key: PropertyKey) => Object.prototype.hasOwnProperty.call(object, key),
    federation: {
      initOptions: {
        name,
        shareStrategy: 'loaded-first',
        shared: Object.fromEntries(
          Object.entries(provides).map(([pkg, { version, eager = false }]) => [
            pkg,
            [
              {
                version,
                scope: ['default'],
                shareConfig: { singleton: true, requiredVersion: `^${version}`, eager },
                get: () => {
                  got.push(pkg);
                  const factory = () => ({ pkg, version, from: name });
                  return eager ? factory : Promise.resolve(factory);
                },
              },
            ],
          ]),
        ),
      },
    },
  } as unknown as WebpackRequire;
  req.I = (scope: string, initScope?: unknown[]) => bundlerRuntime.I({ shareScopeName: scope, initScope, webpackRequire: req });
  const handler = (pkg: string, fallback = () => ({ pkg, from: `${name} (propia)` })) => ({
    shareKey: pkg,
    getter: () => Promise.resolve(fallback),
    shareInfo: { shareConfig: { singleton: true, requiredVersion: '^1.0.0' }, scope: ['default'] },
  });
  const run = (id: string) => {
    const module = { exports: undefined as unknown };
    req.m[id]!(module);
    return module.exports;
  };
  return { req, got, handler, run };
}

describe('bundler runtime (the contract rspack’s generated code calls)', () => {
  it('a remote joins the host’s scope on container init and consumes the host’s copy', async () => {
    const host = fakeBuild('shell', { react: { version: '1.2.0', eager: true } });
    const remote = fakeBuild('catalog', { react: { version: '1.2.0' }, jotai: { version: '1.0.0' } });
    // The host's eager singleton, required synchronously at start-up.
    bundlerRuntime.installInitialConsumes({ webpackRequire: host.req, initialConsumes: ['r'], installedModules: {}, moduleToHandlerMapping: { r: host.handler('react') } });
    expect(host.run('r')).toEqual({ pkg: 'react', version: '1.2.0', from: 'shell' });

    await host.req.I('default');
    await bundlerRuntime.initContainerEntry({ webpackRequire: remote.req, shareScope: host.req.S.default, shareScopeKey: 'default' });
    expect(remote.req.S.default).toBe(host.req.S.default);
    expect(Object.keys(host.req.S.default!)).toEqual(['react', 'jotai']);

    const promises: Promise<unknown>[] = [];
    const installedModules = {};
    bundlerRuntime.consumes({
      chunkId: 7,
      promises,
      chunkMapping: { 7: ['react-id', 'jotai-id'] },
      moduleToHandlerMapping: { 'react-id': remote.handler('react'), 'jotai-id': remote.handler('jotai') },
      installedModules,
      webpackRequire: remote.req,
    });
    await Promise.all(promises);
    expect(remote.run('react-id')).toEqual({ pkg: 'react', version: '1.2.0', from: 'shell' });
    expect(remote.run('jotai-id')).toEqual({ pkg: 'jotai', version: '1.0.0', from: 'catalog' });
    expect(remote.got).toEqual(['jotai']); // the remote's own react was never loaded
    expect(host.req.S.default!.react!['1.2.0']).toMatchObject({ from: 'shell', loaded: true, useIn: ['shell', 'catalog'] });

    // The same chunk asked again waits on the same work instead of resolving twice.
    const again: Promise<unknown>[] = [];
    bundlerRuntime.consumes({ chunkId: 7, promises: again, chunkMapping: { 7: ['react-id'] }, moduleToHandlerMapping: {}, installedModules, webpackRequire: remote.req });
    expect(again).toEqual([0]);
  });

  it('a package nobody provides comes from the build’s own fallback; a failing one throws where it is required', async () => {
    const standalone = fakeBuild('seating', {});
    const promises: Promise<unknown>[] = [];
    bundlerRuntime.consumes({
      chunkId: 'a',
      promises,
      chunkMapping: { a: ['own', 'broken'] },
      moduleToHandlerMapping: {
        own: standalone.handler('mitt'),
        broken: { ...standalone.handler('dayjs'), getter: () => Promise.reject(new Error('chunk 404')) },
      },
      installedModules: {},
      webpackRequire: standalone.req,
    });
    await Promise.all(promises);
    expect(standalone.run('own')).toEqual({ pkg: 'mitt', from: 'seating (propia)' });
    expect(() => standalone.run('broken')).toThrow('chunk 404');
  });

  it('an eager consume with only a lazy copy available fails with a clear message', () => {
    const build = fakeBuild('shell', { react: { version: '1.2.0' } });
    bundlerRuntime.installInitialConsumes({ webpackRequire: build.req, initialConsumes: ['r'], installedModules: {}, moduleToHandlerMapping: { r: build.handler('react') } });
    expect(() => build.run('r')).toThrow(/react no está disponible de forma síncrona/);
  });

  it('an eager copy replaces a lazy one of the same version that nobody loaded yet', async () => {
    const lazy = fakeBuild('catalog', { react: { version: '1.2.0' } });
    const eager = fakeBuild('shell', { react: { version: '1.2.0', eager: true } });
    await lazy.req.I('default');
    await bundlerRuntime.initContainerEntry({ webpackRequire: eager.req, shareScope: lazy.req.S.default, shareScopeKey: 'default' });
    expect(lazy.req.S.default!.react!['1.2.0']!.from).toBe('shell');
  });
});
