import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRouterProbe, RouterProbe } from '../testing/router-probe';
import { RootErrorBoundary } from '../app/RootErrorBoundary';

function Broken(): never {
  throw new Error('roto');
}

/** The app's routes in miniature: one page that throws, one that works, under the boundary. */
function renderAt(path: string) {
  const probe = createRouterProbe();
  render(
    <MemoryRouter initialEntries={[path]}>
      <RouterProbe probe={probe} />
      <RootErrorBoundary>
        <Routes>
          <Route path="/roto" element={<Broken />} />
          <Route path="/bien" element={<p>todo bien</p>} />
        </Routes>
      </RootErrorBoundary>
    </MemoryRouter>,
  );
  return probe.go;
}

afterEach(() => vi.restoreAllMocks());

describe('ErrorPage', () => {
  it('a shell-level route failure shows the Spanish error page with a way home, and logs the error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/roto');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Algo salió mal' })).not.toBeNull());
    expect(screen.queryByText('Ocurrió un error inesperado al mostrar esta página.')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/eventos');
    expect(logged).toHaveBeenCalledWith('[taquilla] error de ruta', expect.objectContaining({ message: 'roto' }));
  });

  it('a working page renders as is', () => {
    renderAt('/bien');
    expect(screen.queryByText('todo bien')).not.toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('navigating away clears the error page; navigating back to the failing page shows it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const go = renderAt('/roto');
    await screen.findByRole('heading', { name: 'Algo salió mal' });
    go('/bien');
    await waitFor(() => expect(screen.queryByText('todo bien')).not.toBeNull());
    expect(screen.queryByRole('heading', { name: 'Algo salió mal' })).toBeNull();
    go('/roto');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Algo salió mal' })).not.toBeNull());
  });
});
