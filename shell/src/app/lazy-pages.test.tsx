// Its own file: the lazy shell pages must not have been loaded by an earlier test.
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createRouterProbe, RouterProbe } from '../testing/router-probe';
import { createFakeFederation, WithFederation } from '../testing/fake-federation';
import { AppRoutes } from './routes';

function renderAt(path: string) {
  const probe = createRouterProbe();
  render(
    <WithFederation federation={createFakeFederation()}>
      <MemoryRouter initialEntries={[path]}>
        <RouterProbe probe={probe} />
        <AppRoutes />
      </MemoryRouter>
    </WithFederation>,
  );
  return probe.go;
}

describe('lazy shell pages (legal, 404)', () => {
  it('a direct visit shows the backdrop instead of the whole layout until the page has loaded', async () => {
    renderAt('/legales/aviso_de_privacidad');
    expect(screen.getByRole('status').textContent).toBe('Cargando…');
    expect(screen.queryByRole('banner')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Aviso de privacidad' })).not.toBeNull());
    expect(screen.queryByRole('banner')).not.toBeNull();
    expect(screen.queryByText('Cargando…')).toBeNull();
  });

  it('navigating to one keeps the current page on screen (no backdrop) until it has loaded', async () => {
    const go = renderAt('/eventos');
    await screen.findByText('remote:catalog/EventList');
    go('/legales/nuestras_politicas');
    expect(screen.queryByText('remote:catalog/EventList')).not.toBeNull();
    expect(screen.queryByText('Cargando…')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Nuestras políticas' })).not.toBeNull());
    expect(screen.queryByText('remote:catalog/EventList')).toBeNull();
  });
});
