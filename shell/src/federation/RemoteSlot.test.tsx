import { render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { store } from '@taquilla/shared';
import { createFakeFederation, fakeRemoteModule, WithFederation } from '../testing/fake-federation';
import type { ResolvedRemote } from './registry';
import { RemoteSlot } from './RemoteSlot';
import { initialRemotesState, remotesAtom } from './remotes-state';

/** What the runtime does when a remote cannot load (origin down, manifest 404, script error). */
const failedLoad = (id: string) => Promise.reject(new Error(`origin caído: ${id}`));

function renderSlot(federation: ReturnType<typeof createFakeFederation>) {
  render(
    <MemoryRouter>
      <WithFederation federation={federation}>
        <RemoteSlot remote="catalog" module="EventList" />
        <p>el resto de la página</p>
      </WithFederation>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  store.set(remotesAtom, initialRemotesState);
});

/** The tab's registered catalog (what host.ts keeps in remotesAtom). */
const registerCatalog = (version: string) => {
  const catalog: ResolvedRemote = { name: 'catalog', version, entry: `/remotes/catalog/${version}/mf-manifest.json`, source: 'registry' };
  store.set(remotesAtom, { status: 'ready', remotes: [catalog], overrides: {}, message: null });
};
const registeredCatalog = () => store.get(remotesAtom).remotes[0]!.version;
const fakeAt = (version: string) => ({ default: () => <p>catalog {version}</p> });

describe('RemoteSlot', () => {
  it('shows a loading state, then the remote, inside a region named after the remote', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const federation = createFakeFederation(async (id) => {
      await gate;
      return fakeRemoteModule(id);
    });
    renderSlot(federation);
    const region = screen.getByRole('region', { name: 'catalog' });
    expect(region.getAttribute('data-remote')).toBe('catalog');
    await waitFor(() => expect(within(region).queryByText('Cargando…')).not.toBeNull());
    release();
    await waitFor(() => expect(within(region).queryByText('remote:catalog/EventList')).not.toBeNull());
  });

  it('a remote that cannot load shows the Spanish fallback in its slot; Reintentar refreshes and recovers', async () => {
    const federation = createFakeFederation((id, attempt) => (attempt === 0 ? failedLoad(id) : fakeRemoteModule(id)));
    renderSlot(federation);
    const region = screen.getByRole('region', { name: 'catalog' });
    await waitFor(() => expect(within(region).queryByText('No pudimos cargar esta sección.')).not.toBeNull());
    expect(screen.queryByText('el resto de la página')).not.toBeNull();

    await userEvent.click(within(region).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(within(region).queryByText('remote:catalog/EventList')).not.toBeNull());
    expect(federation.refreshed).toEqual(['catalog']);
    expect(federation.loaded).toEqual(['catalog/EventList', 'catalog/EventList']);
    // Reported for telemetry: a load failure of catalog's EventList (the session counted by telemetry.ts once).
    expect(federation.reports).toEqual(['sesion catalog', 'error-carga catalog/EventList', 'sesion catalog']);
  });

  it("the fallback plugin's stand-in module shows the fallback, with a way back to the events", async () => {
    const federation = createFakeFederation((id, attempt) =>
      attempt === 0 ? { __taquillaRemoteFallback: true, id, error: new Error('origin caído') } : fakeRemoteModule(id),
    );
    renderSlot(federation);
    const region = screen.getByRole('region', { name: 'catalog' });
    await within(region).findByText('No pudimos cargar esta sección.');
    expect(within(region).getByRole('link', { name: 'Volver a eventos' }).getAttribute('href')).toBe('/eventos');
    await userEvent.click(within(region).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(within(region).queryByText('remote:catalog/EventList')).not.toBeNull());
  });

  it('a rejected load and a remote without a default export are caught the same way', async () => {
    const federation = createFakeFederation((_id, attempt) => (attempt === 0 ? Promise.reject(new Error('script error')) : { nada: true }));
    renderSlot(federation);
    const region = screen.getByRole('region', { name: 'catalog' });
    await within(region).findByText('No pudimos cargar esta sección.');
    await userEvent.click(within(region).getByRole('button', { name: 'Reintentar' }));
    await vi.waitFor(() => expect(federation.loaded).toHaveLength(2));
    await waitFor(() => expect(within(region).queryByText('No pudimos cargar esta sección.')).not.toBeNull());
  });

  it('a remote that throws while rendering is contained and retried', async () => {
    let broken = true;
    // biome-ignore lint/correctness/noComponentHookFactories: a test double closing over this test's `broken`
    function Flaky() {
      if (broken) throw new Error('render roto');
      return <p>ya funciona</p>;
    }
    const federation = createFakeFederation(() => ({ default: Flaky }));
    renderSlot(federation);
    const region = screen.getByRole('region', { name: 'catalog' });
    await within(region).findByText('No pudimos cargar esta sección.');
    expect(screen.queryByText('el resto de la página')).not.toBeNull();
    expect(federation.reports.filter((r) => r.startsWith('error'))[0]).toBe('error-render catalog/EventList');
    expect(federation.reports).not.toContain('error-carga catalog/EventList');
    broken = false;
    await userEvent.click(within(region).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(within(region).queryByText('ya funciona')).not.toBeNull());
  });

  it('mounts again with the new version when the tab follows a registry change', async () => {
    registerCatalog('1.0.1');
    const federation = createFakeFederation(() => fakeAt(registeredCatalog()));
    renderSlot(federation);
    const region = screen.getByRole('region', { name: 'catalog' });
    await within(region).findByText('catalog 1.0.1');
    act(() => registerCatalog('1.0.0'));
    await within(region).findByText('catalog 1.0.0');
    expect(federation.loaded).toEqual(['catalog/EventList', 'catalog/EventList']);
  });

  it('a failed load reads the registry; a version changed meanwhile (a rollback) loads without Reintentar', async () => {
    registerCatalog('1.0.1');
    const federation = createFakeFederation((id) => (registeredCatalog() === '1.0.1' ? failedLoad(id) : fakeAt(registeredCatalog())));
    const asked: unknown[] = [];
    federation.refreshRemote = async (name, options) => {
      asked.push([name, options]);
      registerCatalog('1.0.0');
      return true;
    };
    renderSlot(federation);
    const region = screen.getByRole('region', { name: 'catalog' });
    await within(region).findByText('catalog 1.0.0');
    expect(asked).toEqual([['catalog', { onlyIfChanged: true }]]);
  });

  it('Reintentar after a rollback loads the version the registry now names', async () => {
    registerCatalog('1.0.1');
    const federation = createFakeFederation((id) => (registeredCatalog() === '1.0.1' ? failedLoad(id) : fakeAt(registeredCatalog())));
    let rolledBack = false;
    federation.refreshRemote = async (_name, options) => {
      if (options?.onlyIfChanged || !rolledBack) return false;
      registerCatalog('1.0.0');
      return true;
    };
    renderSlot(federation);
    const region = screen.getByRole('region', { name: 'catalog' });
    await within(region).findByText('No pudimos cargar esta sección.');
    rolledBack = true;
    await userEvent.click(within(region).getByRole('button', { name: 'Reintentar' }));
    await within(region).findByText('catalog 1.0.0');
  });
});
