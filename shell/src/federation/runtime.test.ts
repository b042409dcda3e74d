import { describe, expect, it, vi } from 'vitest';
import { createFederationRuntime, parseManifest, type RemoteContainer, type RuntimeDeps } from './runtime';

const MANIFEST_URL = 'https://tienda.example/remotes/catalog/1.2.0/mf-manifest.json';

/** The fields of a real mf-manifest.json (ModuleFederationPlugin 2.9, publicPath 'auto') the loader reads. */
const manifest = (globalName = 'catalog') => ({
  id: 'catalog',
  name: 'catalog',
  metaData: {
    name: 'catalog',
    globalName,
    publicPath: 'auto',
    remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
    buildInfo: { buildVersion: '1.2.0', buildName: '@taquilla/mfe-catalog' },
  },
  shared: [],
  remotes: [],
  exposes: [
    {
      id: 'catalog:EventList',
      name: 'EventList',
      path: './EventList',
      assets: { js: { sync: ['__federation_expose_EventList.abc.js'], async: [] }, css: { sync: ['__federation_expose_EventList.def.css'], async: [] } },
    },
  ],
});

describe('parseManifest', () => {
  it('puts remoteEntry.js and the exposes’ files next to the manifest', () => {
    expect(parseManifest(manifest(), MANIFEST_URL)).toEqual({
      remoteEntry: 'https://tienda.example/remotes/catalog/1.2.0/remoteEntry.js',
      globalName: 'catalog',
      assets: {
        EventList: [
          'https://tienda.example/remotes/catalog/1.2.0/__federation_expose_EventList.abc.js',
          'https://tienda.example/remotes/catalog/1.2.0/__federation_expose_EventList.def.css',
        ],
      },
    });
  });

  it('honours an explicit publicPath and a remoteEntry path', () => {
    const raw = manifest();
    raw.metaData.publicPath = 'https://cdn.example/catalog/';
    raw.metaData.remoteEntry.path = 'js';
    expect(parseManifest(raw, MANIFEST_URL).remoteEntry).toBe('https://cdn.example/catalog/js/remoteEntry.js');
  });

  it.each([null, {}, { metaData: { globalName: 'x' } }, '<!doctype html>'])('refuses %j', (raw) => {
    expect(() => parseManifest(raw, MANIFEST_URL)).toThrow(`${MANIFEST_URL} no es un mf-manifest.json válido`);
  });
});

/** A browser stand-in: serves manifests, and "runs" remoteEntry.js by defining the container global. */
function fakeBrowser({ manifestStatus = 200, defineContainer = true } = {}) {
  const shareScope = { react: {} };
  const fetched: string[] = [];
  const scripts: string[] = [];
  const prefetched: string[] = [];
  const global: Record<string, unknown> = {};
  const container = {
    init: vi.fn<RemoteContainer['init']>(),
    get: vi.fn<RemoteContainer['get']>(async (expose) => () => ({ default: `componente ${expose}` })),
  };
  const state = { manifestStatus, defineContainer };
  const deps: RuntimeDeps = {
    fetch: (async (url: string) => {
      fetched.push(url);
      return new Response(JSON.stringify(manifest()), { status: state.manifestStatus });
    }) as typeof fetch,
    loadScript: async (url) => {
      scripts.push(url);
      if (state.defineContainer) global.catalog = container;
    },
    global,
    shareScope: async () => shareScope,
    prefetch: (url) => prefetched.push(url),
  };
  return { deps, state, shareScope, fetched, scripts, prefetched, container, global };
}

describe('createFederationRuntime', () => {
  it('manifest → remoteEntry.js → container.init(host share scope) → get(expose), once per registration', async () => {
    const browser = fakeBrowser();
    const runtime = createFederationRuntime(browser.deps);
    runtime.registerRemotes([{ name: 'catalog', entry: MANIFEST_URL }]);

    expect(await runtime.loadRemote('catalog/EventList')).toEqual({ default: 'componente ./EventList' });
    expect(browser.container.init).toHaveBeenCalledWith(browser.shareScope, [], {});
    expect(await runtime.loadRemote('catalog/EventInfo')).toEqual({ default: 'componente ./EventInfo' });

    expect(browser.fetched).toEqual([MANIFEST_URL]);
    expect(browser.scripts).toEqual(['https://tienda.example/remotes/catalog/1.2.0/remoteEntry.js']);
    expect(browser.container.init).toHaveBeenCalledTimes(1);
    expect(runtime.entries()).toEqual({ catalog: MANIFEST_URL });
  });

  it('a failed load stays failed until the remote is registered again with force', async () => {
    const browser = fakeBrowser({ manifestStatus: 404 });
    const runtime = createFederationRuntime(browser.deps);
    runtime.registerRemotes([{ name: 'catalog', entry: MANIFEST_URL }]);

    await expect(runtime.loadRemote('catalog/EventList')).rejects.toThrow(`el manifiesto de "catalog" respondió 404 (${MANIFEST_URL})`);
    await expect(runtime.loadRemote('catalog/EventList')).rejects.toThrow('404');
    expect(browser.fetched).toHaveLength(1); // a dead origin is not asked again on every render

    browser.state.manifestStatus = 200;
    runtime.registerRemotes([{ name: 'catalog', entry: MANIFEST_URL }]); // same entry, no force: still the failure
    await expect(runtime.loadRemote('catalog/EventList')).rejects.toThrow('404');
    runtime.registerRemotes([{ name: 'catalog', entry: MANIFEST_URL }], { force: true });
    expect(await runtime.loadRemote('catalog/EventList')).toEqual({ default: 'componente ./EventList' });
    expect(browser.fetched).toHaveLength(2);
  });

  it('a manifest URL answering HTML (a 200 error page) fails with a clear message', async () => {
    const browser = fakeBrowser();
    const runtime = createFederationRuntime({
      ...browser.deps,
      fetch: (async () => new Response('<!doctype html><title>Not found</title>', { status: 200 })) as typeof fetch,
    });
    runtime.registerRemotes([{ name: 'catalog', entry: MANIFEST_URL }]);
    await expect(runtime.loadRemote('catalog/EventList')).rejects.toThrow(`${MANIFEST_URL} no es un mf-manifest.json válido`);
    expect(browser.scripts).toEqual([]);
  });

  it('a script that runs but defines no container is a failed load; a retry reloads the script', async () => {
    const browser = fakeBrowser({ defineContainer: false });
    // Left over from an earlier load, as a browser leaves `var catalog`: a non-configurable
    // property (cannot be deleted), which must not count as this load's container.
    Object.defineProperty(browser.global, 'catalog', { value: browser.container, writable: true, configurable: false });
    const runtime = createFederationRuntime(browser.deps);
    runtime.registerRemotes([{ name: 'catalog', entry: MANIFEST_URL }]);
    await expect(runtime.loadRemote('catalog/EventList')).rejects.toThrow(
      'https://tienda.example/remotes/catalog/1.2.0/remoteEntry.js no definió el contenedor "catalog"',
    );
    browser.state.defineContainer = true;
    runtime.registerRemotes([{ name: 'catalog', entry: MANIFEST_URL }], { force: true });
    await runtime.loadRemote('catalog/EventList');
    expect(browser.scripts).toHaveLength(2);
  });

  it('a manifest or script that never arrives fails after the timeout (then the slot can retry)', async () => {
    vi.useFakeTimers();
    try {
      const browser = fakeBrowser();
      const hang = () => new Promise<never>(() => undefined);
      const runtime = createFederationRuntime({ ...browser.deps, timeoutMs: 5_000, loadScript: hang });
      runtime.registerRemotes([{ name: 'catalog', entry: MANIFEST_URL }]);
      const load = expect(runtime.loadRemote('catalog/EventList')).rejects.toThrow(
        'https://tienda.example/remotes/catalog/1.2.0/remoteEntry.js no cargó en 5 s',
      );
      await vi.advanceTimersByTimeAsync(5_000);
      await load;

      const silent = createFederationRuntime({ ...browser.deps, timeoutMs: 5_000, fetch: hang as unknown as typeof fetch });
      silent.registerRemotes([{ name: 'catalog', entry: MANIFEST_URL }]);
      const manifestLoad = expect(silent.loadRemote('catalog/EventList')).rejects.toThrow(`el manifiesto de "catalog" no respondió en 5 s (${MANIFEST_URL})`);
      await vi.advanceTimersByTimeAsync(5_000);
      await manifestLoad;
    } finally {
      vi.useRealTimers();
    }
  });

  it('a new entry for a remote (another version) replaces the old one', async () => {
    const browser = fakeBrowser();
    const runtime = createFederationRuntime(browser.deps);
    runtime.registerRemotes([{ name: 'catalog', entry: MANIFEST_URL }]);
    await runtime.loadRemote('catalog/EventList');
    const next = MANIFEST_URL.replace('1.2.0', '1.3.0');
    runtime.registerRemotes([{ name: 'catalog', entry: next }]);
    await runtime.loadRemote('catalog/EventList');
    expect(browser.fetched).toEqual([MANIFEST_URL, next]);
  });

  it('refuses an unregistered remote and a malformed id', async () => {
    const runtime = createFederationRuntime(fakeBrowser().deps);
    await expect(runtime.loadRemote('seating/EventDetail')).rejects.toThrow('el remote "seating" no está registrado');
    await expect(runtime.loadRemote('EventList')).rejects.toThrow('id de módulo remoto inválido: "EventList"');
  });

  it('preloadRemote hints the remote entry and the exposes’ files, without running anything', async () => {
    const browser = fakeBrowser();
    const runtime = createFederationRuntime(browser.deps);
    runtime.registerRemotes([{ name: 'catalog', entry: MANIFEST_URL }]);
    await runtime.preloadRemote('catalog', ['EventList', 'NoExiste']);
    expect(browser.prefetched).toEqual([
      'https://tienda.example/remotes/catalog/1.2.0/remoteEntry.js',
      'https://tienda.example/remotes/catalog/1.2.0/__federation_expose_EventList.abc.js',
      'https://tienda.example/remotes/catalog/1.2.0/__federation_expose_EventList.def.css',
    ]);
    expect(browser.scripts).toEqual([]);
    // The manifest read for the preload serves the later load.
    await runtime.loadRemote('catalog/EventList');
    expect(browser.fetched).toEqual([MANIFEST_URL]);
  });
});
