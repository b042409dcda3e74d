import { act, fireEvent, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authAtom, initialAuthState, store, type AuthState } from '@taquilla/shared';
import { renderAt, slot } from '../testing/app-routes';

// The root layout's registry banner, made to throw on one path (`failAt.path`) so the tests
// can break the root layout; otherwise it is the real banner.
const failAt = vi.hoisted(() => ({ path: null as string | null }));
vi.mock('../federation/RegistryBanner', async (importOriginal) => {
  const real = await importOriginal<typeof import('../federation/RegistryBanner')>();
  return {
    RegistryBanner() {
      if (useLocation().pathname === failAt.path) throw new Error('la capa raíz falló');
      return <real.RegistryBanner />;
    },
  };
});

const setAuth = (patch: Partial<AuthState>) => store.set(authAtom, { ...initialAuthState, ...patch });

afterEach(() => {
  setAuth({});
  failAt.path = null;
  vi.restoreAllMocks();
});

describe('route table (spec §2)', () => {
  it('/ redirects to /eventos, which the catalog renders inside the public layout', async () => {
    const { at } = renderAt('/');
    await slot('catalog', 'EventList');
    expect(at.pathname).toBe('/eventos');
    expect(screen.queryByRole('banner')).not.toBeNull();
    expect(screen.queryByRole('contentinfo')).not.toBeNull();
  });

  it('on /eventos, pointing at the list preloads the likely next remotes', async () => {
    const { federation } = renderAt('/eventos');
    const region = await slot('catalog', 'EventList');
    fireEvent.pointerOver(region);
    await vi.waitFor(() =>
      expect(federation.preloaded).toEqual([
        ['seating', ['EventDetail']],
        ['checkout', ['GeneralPurchase']],
      ]),
    );
  });

  it('eventos/:id → seating EventDetail plus checkout GeneralPurchase', async () => {
    renderAt('/eventos/42');
    const seating = await slot('seating', 'EventDetail');
    expect(within(seating).getByTestId('params').textContent).toBe('{"id":"42"}');
    await slot('checkout', 'GeneralPurchase');
  });

  it('eventos/:eventoId/:seccionId/:seccion → seating SeatSelection beside checkout CheckoutPanel', async () => {
    renderAt('/eventos/7/15/Platea%20A');
    const seats = await slot('seating', 'SeatSelection');
    expect(JSON.parse(within(seats).getByTestId('params').textContent!)).toEqual({
      eventoId: '7',
      seccionId: '15',
      seccion: 'Platea A',
    });
    const panel = await slot('checkout', 'CheckoutPanel');
    expect(within(panel).getByTestId('props').textContent).toBe('{"eventoId":"7","seccionId":"15"}');
  });

  it.each([
    ['/terminar_compra/r1/true/0', { reservaId: 'r1', esGeneral: 'true', promocionId: '0' }],
    ['/terminar_compra_invitado/r1/false/inv9/3', { reservaId: 'r1', esGeneral: 'false', invitadoId: 'inv9', promocionId: '3' }],
  ])('%s → checkout ConfirmPurchase', async (path, params) => {
    renderAt(path);
    const region = await slot('checkout', 'ConfirmPurchase');
    expect(JSON.parse(within(region).getByTestId('params').textContent!)).toEqual(params);
  });

  it('auth/* → auth AuthRoutes (its own layout, no shell header)', async () => {
    renderAt('/auth/login');
    await slot('auth', 'AuthRoutes');
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('perfil/* → account Profile when authenticated', async () => {
    setAuth({ status: 'authenticated', token: 't', user: { fullName: 'Ana', email: 'a@b.mx', isVerified: true } });
    renderAt('/perfil/mis_compras');
    const region = await slot('account', 'Profile');
    expect(within(region).getByTestId('params').textContent).toBe('{"*":"mis_compras"}');
  });

  it('factura/:invitadoId/:reservaId → account GuestInvoice, without a session (the tickets e-mail link of a guest)', async () => {
    setAuth({ status: 'unauthenticated' });
    renderAt('/factura/inv-1/res-1');
    const region = await slot('account', 'GuestInvoice');
    expect(within(region).getByTestId('params').textContent).toBe('{"invitadoId":"inv-1","reservaId":"res-1"}');
  });

  it('perfil/* redirects to /auth/login when unauthenticated, waits while checking', async () => {
    setAuth({ status: 'checking' });
    const { at, federation } = renderAt('/perfil/mi_perfil');
    expect(screen.queryByText('Verificando tu sesión…')).not.toBeNull();
    expect(at.pathname).toBe('/perfil/mi_perfil');
    act(() => setAuth({ status: 'unauthenticated' }));
    await slot('auth', 'AuthRoutes');
    expect(at.pathname).toBe('/auth/login');
    expect(federation.loaded).not.toContain('account/Profile');
  });

  it.each([
    ['/legales/terminos_y_condiciones', 'Términos y condiciones', /leyes del Estado de\s+Jalisco/],
    ['/legales/aviso_de_privacidad', 'Aviso de privacidad', /menor de 18 años/],
    ['/legales/nuestras_politicas', 'Nuestras políticas', /No se aceptan tarjetas de débito, virtuales, mini ni gemelas/],
  ])('%s is a shell page', async (path, title, text) => {
    renderAt(path);
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: title })).not.toBeNull());
    expect(screen.queryByText(text)).not.toBeNull();
  });

  it('the terms carry every legal point of spec §1', async () => {
    renderAt('/legales/terminos_y_condiciones');
    const page = (await screen.findByRole('article')).textContent ?? '';
    expect(page).toMatch(/mayor de 18 años/);
    expect(page).toMatch(/consentimiento de tu madre, padre o tutor/);
    expect(page).toMatch(/no hay cambios ni reembolsos/);
    expect(page).toMatch(/no son reembolsables/);
    expect(page).toMatch(/no se aceptan tarjetas de débito, virtuales,\s+mini ni tarjetas gemelas/);
    expect(page).toMatch(/24 horas/);
    expect(page).toMatch(/Jalisco/);
  });

  it('any other path shows the 404 page and Go Back returns one entry', async () => {
    const { at, federation } = renderAt(['/eventos', '/esto/no/existe']);
    await waitFor(() => expect(screen.queryByText('404')).not.toBeNull());
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).not.toBeNull();
    expect(federation.loaded).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(at.pathname).toBe('/eventos');
    await slot('catalog', 'EventList');
  });
});

describe('event routes whose id is not an id', () => {
  it.each(['/eventos/abc', '/eventos/informacion/abc', '/eventos/0', '/eventos/abc/1/Platea', '/eventos/1/x/Platea', '/eventos/99999999999'])(
    '%s shows the 404 page and loads no remote',
    async (path) => {
      const { federation } = renderAt(path);
      await waitFor(() => expect(screen.queryByRole('heading', { name: 'Page Not Found' })).not.toBeNull());
      expect(federation.loaded).toEqual([]);
    },
  );
});

describe('root error page', () => {
  it('a failure in the root layout shows the error page instead of the whole layout', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    failAt.path = '/eventos';
    const { federation } = renderAt('/eventos');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Algo salió mal' })).not.toBeNull());
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/eventos');
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('region', { name: 'catalog' })).toBeNull();
    expect(federation.loaded).toEqual([]);
    expect(logged).toHaveBeenCalledWith('[taquilla] error de ruta', expect.objectContaining({ message: 'la capa raíz falló' }));
  });

  it('navigating to another route clears the error page; coming back to the broken one shows it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    failAt.path = '/eventos';
    const { at } = renderAt('/eventos');
    await screen.findByRole('heading', { name: 'Algo salió mal' });

    at.go('/legales/nuestras_politicas');
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Nuestras políticas' })).not.toBeNull());
    expect(screen.queryByRole('heading', { name: 'Algo salió mal' })).toBeNull();
    expect(screen.queryByRole('banner')).not.toBeNull();

    at.go('/eventos');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Algo salió mal' })).not.toBeNull());

    failAt.path = null;
    at.go(-1);
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Nuestras políticas' })).not.toBeNull());
    at.go('/eventos');
    await slot('catalog', 'EventList');
    expect(screen.queryByRole('heading', { name: 'Algo salió mal' })).toBeNull();
  });
});
