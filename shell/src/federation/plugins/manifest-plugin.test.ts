import { describe, expect, it, vi } from 'vitest';
import type { ModuleFederation, ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { manifestPlugin } from './manifest-plugin';

// The snapshot the runtime builds from a release's mf-manifest.json (publicPath 'auto': the folder it was read from).
const snapshot = {
  publicPath: 'https://tienda/remotes/seating/1.2.0/',
  remoteEntry: 'remoteEntry.js',
  remoteEntryType: 'global',
  globalName: 'seating',
  modules: [
    { moduleName: 'EventDetail', assets: { js: { sync: ['__federation_expose_EventDetail.1a.js', '55.2b.js'] }, css: { sync: ['55.3c.css'] } } },
    { moduleName: 'VenueMap', assets: { js: { sync: ['__federation_expose_VenueMap.4d.js'] }, css: { sync: [] } } },
  ],
};
const manifest = 'https://tienda/remotes/seating/1.2.0/mf-manifest.json';

function origin() {
  const loadRemoteSnapshotInfo = vi.fn().mockResolvedValue({ remoteSnapshot: snapshot, globalSnapshot: {} });
  return { origin: { snapshotHandler: { loadRemoteSnapshotInfo } } as unknown as ModuleFederation, loadRemoteSnapshotInfo };
}

type AfterResolveArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['afterResolve']>>[0];
type PreloadArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['generatePreloadAssets']>>[0];

describe('manifest plugin', () => {
  const plugin = manifestPlugin();

  it("afterResolve points the remote at the manifest's remoteEntry.js and global name", async () => {
    const { origin: host, loadRemoteSnapshotInfo } = origin();
    const remoteInfo = { name: 'seating', entry: manifest, type: 'global', entryGlobalName: 'seating', shareScope: 'default' };
    const args = {
      id: 'seating/EventDetail',
      expose: './EventDetail',
      remote: { name: 'seating', entry: manifest },
      remoteInfo,
      origin: host,
    } as unknown as AfterResolveArgs;
    const result = await plugin.afterResolve!(args);
    expect(loadRemoteSnapshotInfo).toHaveBeenCalledWith({ moduleInfo: { name: 'seating', entry: manifest }, id: 'seating/EventDetail' });
    expect(remoteInfo).toMatchObject({ entry: 'https://tienda/remotes/seating/1.2.0/remoteEntry.js', entryGlobalName: 'seating', type: 'global' });
    expect(result).toMatchObject({ remoteSnapshot: snapshot });
  });

  it('leaves a remote registered by its remoteEntry.js alone', async () => {
    const { origin: host, loadRemoteSnapshotInfo } = origin();
    const args = { remote: { name: 'x', entry: 'https://cdn/x/remoteEntry.js' }, remoteInfo: {}, origin: host, expose: './A' } as unknown as AfterResolveArgs;
    expect(await plugin.afterResolve!(args)).toBe(args);
    expect(loadRemoteSnapshotInfo).not.toHaveBeenCalled();
  });

  it.each([['EventDetail'], ['./EventDetail']])('preloads the entry and the sync files of %s (either spelling)', async (expose) => {
    const args = {
      remoteInfo: { name: 'seating' },
      remoteSnapshot: snapshot,
      preloadOptions: { preloadConfig: { nameOrAlias: 'seating', exposes: [expose] } },
    } as unknown as PreloadArgs;
    const assets = await plugin.generatePreloadAssets!(args);
    expect(assets).toEqual({
      cssAssets: ['https://tienda/remotes/seating/1.2.0/55.3c.css'],
      jsAssetsWithoutEntry: ['https://tienda/remotes/seating/1.2.0/__federation_expose_EventDetail.1a.js', 'https://tienda/remotes/seating/1.2.0/55.2b.js'],
      entryAssets: [
        {
          name: 'seating',
          url: 'https://tienda/remotes/seating/1.2.0/remoteEntry.js',
          moduleInfo: {
            name: 'seating',
            entry: 'https://tienda/remotes/seating/1.2.0/remoteEntry.js',
            type: 'global',
            entryGlobalName: 'seating',
            shareScope: '',
          },
        },
      ],
    });
  });
});
