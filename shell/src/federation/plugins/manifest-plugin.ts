import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

const MANIFEST = /\.json(?:$|[?#])/;

/** What this plugin reads of the snapshot the runtime builds from an mf-manifest.json. */
interface Snapshot {
  publicPath?: string;
  remoteEntry?: string;
  remoteEntryType?: string;
  globalName?: string;
  modules?: { moduleName: string; assets: Record<'js' | 'css', { sync: string[] }> }[];
}

/** Absolute URL of a file the manifest lists (`publicPath: 'auto'`: the folder the manifest was read from). */
function fileUrl(snapshot: Snapshot, file: string): string {
  if (typeof snapshot.publicPath !== 'string') throw new Error('el mf-manifest.json no trae publicPath');
  return `${snapshot.publicPath}${file}`;
}

/**
 * The registry names each release by its mf-manifest.json. The shell is built with
 * `disableSnapshot` (no snapshot or preload-assets plugin: ~1.4 KB gzip of the first load), so
 * this plugin does the two things of theirs the storefront uses, on the runtime's own manifest
 * loader (`snapshotHandler`, which fetches through the retry plugin and reports errors):
 * - afterResolve: the remoteEntry.js and global name the manifest gives, before the entry loads;
 * - generatePreloadAssets (preloadRemote): the remote's entry plus the sync JS and CSS of the
 *   modules asked for — remotes consume no remotes, so there is nothing deeper to walk.
 */
export function manifestPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'taquilla-manifest',
    async afterResolve(args) {
      const { remote, remoteInfo, origin, expose } = args;
      if (!('entry' in remote) || !MANIFEST.test(remote.entry)) return args;
      const { remoteSnapshot } = await origin.snapshotHandler.loadRemoteSnapshotInfo({
        moduleInfo: remote,
        id: `${remote.name}/${expose.replace(/^\.\//, '')}`,
      });
      const snapshot = remoteSnapshot as Snapshot;
      if (!snapshot.remoteEntry || !snapshot.globalName) throw new Error(`${remote.entry} no es un mf-manifest.json válido`);
      remoteInfo.entry = fileUrl(snapshot, snapshot.remoteEntry);
      remoteInfo.entryGlobalName = snapshot.globalName;
      remoteInfo.type = snapshot.remoteEntryType ?? 'global';
      return { ...args, remoteSnapshot };
    },
    async generatePreloadAssets({ remoteInfo, remoteSnapshot, preloadOptions }) {
      const snapshot = remoteSnapshot as Snapshot;
      const wanted = (preloadOptions.preloadConfig.exposes ?? []).map((name) => name.replace(/^\.\//, ''));
      const modules = (snapshot.modules ?? []).filter((module) => wanted.includes(module.moduleName));
      const files = (kind: 'js' | 'css') => modules.flatMap((module) => module.assets[kind].sync).map((file) => fileUrl(snapshot, file));
      const entry = fileUrl(snapshot, snapshot.remoteEntry ?? '');
      return {
        cssAssets: files('css'),
        jsAssetsWithoutEntry: files('js'),
        entryAssets: [
          {
            name: remoteInfo.name,
            url: entry,
            moduleInfo: {
              name: remoteInfo.name,
              entry,
              type: snapshot.remoteEntryType ?? 'global',
              entryGlobalName: snapshot.globalName ?? remoteInfo.name,
              shareScope: '',
            },
          },
        ],
      };
    },
  };
}
