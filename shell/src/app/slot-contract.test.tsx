import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authAtom, generalRequestAtom, initialAuthState, store } from '@taquilla/shared';
import REMOTE_CONTRACT from '@taquilla/shared/remote-contract.json';
import { PREFETCH_AFTER_LOAD_MS } from '../federation/use-preload-next';
import { renderAt, stubIntersection } from '../testing/app-routes';

// The slot contract (shared/src/remote-contract.json) is what the shell's build declares it
// loads, and what the release gate checks each remote's new build against. Here: every slot
// the shell's routes mount is in it, and the props each passes fit it (name and JSON type).
const typeOf = (value: unknown) => (value === null || Array.isArray(value) ? 'object' : typeof value);

/** Every slot on screen: remote, module and the props the fake remote was given. */
function slotsOnScreen() {
  return screen.queryAllByRole('region').flatMap((region) => {
    const props = region.querySelector('[data-testid="props"]')?.textContent;
    const { remote, module } = region.dataset;
    return remote && module && props ? [{ remote, module, props: JSON.parse(props) as Record<string, unknown> }] : [];
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  store.set(authAtom, initialAuthState);
  store.set(generalRequestAtom, null);
});

describe('the shell mounts only slots of the slot contract, with props that fit it', () => {
  it.each([
    ['/eventos'],
    ['/eventos/informacion/7'],
    ['/eventos/7'],
    ['/eventos/7/3/Secci%C3%B3n%20101'],
    ['/terminar_compra/r1/false/0'],
    ['/auth/login'],
    ['/perfil/mis_compras'],
    ['/factura/inv-1/res-1'],
  ])('%s', async (path) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    store.set(authAtom, {
      ...initialAuthState,
      status: 'authenticated',
      token: 't',
      user: { id: '1', fullName: 'Ana', email: 'a@b.mx', isVerified: true },
    } as never);
    const view = stubIntersection();
    renderAt(path);
    await waitFor(() => expect(slotsOnScreen().length).toBeGreaterThan(0));
    // The later slots of a page: a general-section request before they mount, then in view and settled.
    await act(async () => vi.advanceTimersByTime(50));
    act(() => store.set(generalRequestAtom, { eventoId: '7', seccionId: '3', seccionNombre: 'General' }));
    await act(async () => vi.advanceTimersByTime(100));
    await view.intersect();
    await act(async () => vi.advanceTimersByTime(PREFETCH_AFTER_LOAD_MS + 2000));
    const slots = slotsOnScreen();
    expect(slots.length).toBeGreaterThan(0);
    for (const { remote, module, props } of slots) {
      const declared = (REMOTE_CONTRACT.slots as Record<string, Record<string, Record<string, string>>>)[remote]?.[module];
      expect(declared, `${remote}/${module} no está en remote-contract.json`).toBeDefined();
      for (const [name, value] of Object.entries(props)) {
        expect(declared?.[name]?.replace(/\?$/, ''), `${remote}/${module}: prop ${name}`).toBe(typeOf(value));
      }
      for (const [name, type] of Object.entries(declared ?? {})) {
        if (!type.endsWith('?')) expect(props, `${remote}/${module}: falta la prop ${name}`).toHaveProperty(name);
      }
    }
  });
});
