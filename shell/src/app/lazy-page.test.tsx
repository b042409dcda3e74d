import { Suspense } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRouterProbe, RouterProbe } from '../testing/router-probe';
import { lazyPage } from './lazy-page';
import { RootErrorBoundary } from './RootErrorBoundary';

afterEach(() => vi.restoreAllMocks());

describe('lazyPage', () => {
  it('a chunk that cannot download shows the error page; once it can, the next navigation loads it (no reload)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let online = false;
    let downloads = 0;
    const Page = lazyPage(async () => {
      downloads += 1;
      if (!online) throw new Error('ChunkLoadError: sin red');
      return { default: ({ title }: { title: string }) => <h1>{title}</h1> };
    });
    const probe = createRouterProbe();
    render(
      <MemoryRouter initialEntries={['/legales/terminos']}>
        <RouterProbe probe={probe} />
        <RootErrorBoundary>
          <Suspense fallback={<p>Cargando…</p>}>
            <Routes>
              <Route path="/legales/terminos" element={<Page title="Términos y condiciones" />} />
              <Route path="/eventos" element={<p>eventos</p>} />
            </Routes>
          </Suspense>
        </RootErrorBoundary>
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeNull()); // the error page
    expect(downloads).toBe(1); // no retry loop within the failed navigation

    online = true;
    probe.go('/eventos');
    await waitFor(() => expect(screen.queryByText('eventos')).not.toBeNull());
    probe.go('/legales/terminos');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Términos y condiciones' })).not.toBeNull());
    expect(downloads).toBe(2);
  });

  it('a page that loaded is not downloaded again', async () => {
    let downloads = 0;
    const Page = lazyPage(async () => {
      downloads += 1;
      return { default: () => <h1>Aviso de privacidad</h1> };
    });
    const probe = createRouterProbe();
    render(
      <MemoryRouter initialEntries={['/legales/aviso']}>
        <RouterProbe probe={probe} />
        <Suspense fallback={null}>
          <Routes>
            <Route path="/legales/aviso" element={<Page />} />
            <Route path="/eventos" element={<p>eventos</p>} />
          </Routes>
        </Suspense>
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { name: 'Aviso de privacidad' });
    probe.go('/eventos');
    await screen.findByText('eventos');
    probe.go('/legales/aviso');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Aviso de privacidad' })).not.toBeNull());
    expect(downloads).toBe(1);
  });
});
