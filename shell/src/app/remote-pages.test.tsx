import { act, screen, within, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generalRequestAtom, savedHold, store as page } from '@taquilla/shared';
import { LANDING_PAGES, type LandingSlot } from '@taquilla/shared/landing';
import { PREFETCH_AFTER_LOAD_MS } from '../federation/use-preload-next';
import { createFakeFederation, fakeRemoteModule } from '../testing/fake-federation';
import { renderAt, slot, stubIntersection } from '../testing/app-routes';

/** The landing pages' slots (remote-pages.tsx): what mounts first, and what waits until needed. */

afterEach(() => vi.restoreAllMocks());

describe('eventos/informacion/:id', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    savedHold.clear();
    page.set(generalRequestAtom, null);
  });

  it('shows the event first; the venue map {eventoId} mounts when its place comes into view', async () => {
    const view = stubIntersection();
    const { federation } = renderAt('/eventos/informacion/7');
    await slot('catalog', 'EventInfo');
    await waitFor(() => expect(view.observing()).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'seating' })).toBeNull();
    expect(federation.loaded).toEqual(['catalog/EventInfo']);
    await view.intersect();
    const map = await slot('seating', 'VenueMap');
    expect(within(map).getByTestId('props').textContent).toBe('{"eventoId":"7"}');
    expect(screen.queryByRole('region', { name: 'checkout' })).toBeNull();
  });

  it('mounts the general-admission modal on a request for a general section of this event, which it leaves for the modal', async () => {
    const view = stubIntersection();
    renderAt('/eventos/informacion/7');
    await slot('catalog', 'EventInfo');
    await waitFor(() => expect(view.observing()).toHaveLength(1));
    const request = { eventoId: '7', seccionId: '3', seccionNombre: 'General' };
    act(() => page.set(generalRequestAtom, { ...request, eventoId: '8' }));
    expect(screen.queryByRole('region', { name: 'checkout' })).toBeNull();
    act(() => page.set(generalRequestAtom, request));
    await slot('checkout', 'GeneralPurchase');
    expect(page.get(generalRequestAtom)).toEqual(request);
  });

  it("a request made while checkout's module is still coming waits for it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const view = stubIntersection();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { federation } = renderAt(
      '/eventos/informacion/7',
      createFakeFederation(async (id) => {
        if (id === 'checkout/GeneralPurchase') await gate;
        return fakeRemoteModule(id);
      }),
    );
    await slot('catalog', 'EventInfo');
    await waitFor(() => expect(view.observing()).toHaveLength(1));
    await act(async () => vi.advanceTimersByTime(PREFETCH_AFTER_LOAD_MS + 2000));
    await waitFor(() => expect(federation.loaded).toContain('checkout/GeneralPurchase'));
    const request = { eventoId: '7', seccionId: '3', seccionNombre: 'General' };
    act(() => page.set(generalRequestAtom, request));
    release();
    await slot('checkout', 'GeneralPurchase');
    expect(page.get(generalRequestAtom)).toEqual(request);
  });

  it('mounts both once the page is settled when nothing asked for them earlier', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const view = stubIntersection();
    renderAt('/eventos/informacion/7');
    await slot('catalog', 'EventInfo');
    await waitFor(() => expect(view.observing()).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'seating' })).toBeNull();
    await act(async () => vi.advanceTimersByTime(PREFETCH_AFTER_LOAD_MS + 2000));
    await slot('seating', 'VenueMap');
    await slot('checkout', 'GeneralPurchase');
  });

  it('a tab with a live hold mounts the modal at once (it reopens that hold)', async () => {
    stubIntersection();
    savedHold.write({ eventoId: '7', reservaId: 'r1', esGeneral: true });
    renderAt('/eventos/informacion/7');
    await slot('catalog', 'EventInfo');
    await slot('checkout', 'GeneralPurchase');
    expect(screen.queryByRole('region', { name: 'seating' })).toBeNull();
  });

  it("loads the map only once the event is shown, or the event's fallback (no IntersectionObserver: at once)", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { federation } = renderAt(
      '/eventos/informacion/7',
      createFakeFederation(async (id) => {
        if (id === 'catalog/EventInfo') {
          await gate;
          throw new Error('origin caído');
        }
        return fakeRemoteModule(id);
      }),
    );
    await waitFor(() => expect(federation.loaded).toEqual(['catalog/EventInfo']));
    expect(screen.queryByRole('region', { name: 'seating' })).toBeNull();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    release();
    await screen.findByText('No pudimos cargar esta sección.');
    const map = await slot('seating', 'VenueMap');
    expect(within(map).getByTestId('props').textContent).toBe('{"eventoId":"7"}');
  });
});

describe('eventos/:eventoId/:seccionId/:seccion', () => {
  it("mounts checkout's panel once the seat map is shown, not in the same go", async () => {
    let release: () => void = () => undefined;
    const mapCode = new Promise<void>((resolve) => (release = resolve));
    const { federation } = renderAt(
      '/eventos/7/3/Palcos',
      createFakeFederation(async (id) => {
        if (id === 'seating/SeatSelection') await mapCode;
        return fakeRemoteModule(id);
      }),
    );
    await waitFor(() => expect(federation.loaded).toEqual(['seating/SeatSelection']));
    expect(screen.queryByRole('region', { name: 'checkout' })).toBeNull();
    release();
    await slot('seating', 'SeatSelection');
    const panel = await slot('checkout', 'CheckoutPanel');
    expect(within(panel).getByTestId('props').textContent).toBe('{"eventoId":"7","seccionId":"3"}');
  });

  it("mounts the panel beside seating's fallback when the map cannot load", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt(
      '/eventos/7/3/Palcos',
      createFakeFederation(async (id) => {
        if (id === 'seating/SeatSelection') throw new Error('sin red');
        return fakeRemoteModule(id);
      }),
    );
    await screen.findByText('No pudimos cargar esta sección.');
    await slot('checkout', 'CheckoutPanel');
  });
});

describe('the landing pages mount exactly their LANDING_PAGES slots (the storefront inlines and hints the same list)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  // Every route the storefront server prepares as a landing page (its `:id` an id).
  const routes = Object.values(LANDING_PAGES).flatMap(({ paths, slots }) =>
    paths.map((path) => [path.replace(/:\w+/g, '7'), slots as readonly LandingSlot[]] as const),
  );
  it.each(routes)('%s', async (path, slots) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const view = stubIntersection();
    const { federation } = renderAt(path);
    const id = ([remote, module]: LandingSlot) => `${remote}/${module}`;
    const first = slots.filter(([, , mode]) => mode !== 'later');
    for (const [remote, module] of first) await slot(remote, module);
    // Before anything asks for the later ones, only the first screen's slots are loaded.
    await act(async () => {});
    expect(federation.loaded).toEqual(first.map(id));
    await view.intersect();
    await act(async () => vi.advanceTimersByTime(PREFETCH_AFTER_LOAD_MS + 2000));
    for (const [remote, module] of slots) await slot(remote, module);
    expect([...federation.loaded].sort()).toEqual(slots.map(id).sort());
  });
});
