import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appAtom, bus, initialAppState, store } from '@taquilla/shared';
import { GlobalSpinner } from './GlobalSpinner';
import { Toasts } from './Toasts';

describe('shell feedback', () => {
  it("shows toasts asked for over bus 'ui:toast', in order, top-right", async () => {
    render(<Toasts />);
    act(() => {
      bus.emit('ui:toast', { kind: 'success', message: 'Descuento aplicado correctamente!' });
      bus.emit('ui:toast', { kind: 'error', message: 'Error al obtener el evento.' });
    });
    await waitFor(() => expect(screen.queryByText('Descuento aplicado correctamente!')).not.toBeNull());
    await waitFor(() => expect(screen.queryByText('Error al obtener el evento.')).not.toBeNull());
    expect(document.querySelector('.Toastify__toast-container--top-right')).not.toBeNull();
  });

  it('the global spinner follows appAtom.loaderStatus', () => {
    render(<GlobalSpinner />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => store.set(appAtom, (state) => ({ ...state, loaderStatus: true })));
    expect(screen.queryByRole('status', { name: 'Cargando' })?.firstElementChild?.className).toBe('ring-spinner');
    act(() => store.set(appAtom, (state) => ({ ...state, loaderStatus: false })));
    expect(screen.queryByRole('status')).toBeNull();
    store.set(appAtom, initialAppState);
  });
});
