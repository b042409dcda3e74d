import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { authAtom, bus, initialAuthState, store } from '@taquilla/shared';
import { Footer } from './Footer';
import { Header } from './Header';

const renderHeader = () =>
  render(
    <MemoryRouter>
      <Header />
    </MemoryRouter>,
  );

afterEach(() => {
  store.set(authAtom, initialAuthState);
  bus.all.clear();
});

describe('Header', () => {
  it('unauthenticated: links to login and register', () => {
    store.set(authAtom, { ...initialAuthState, status: 'unauthenticated' });
    renderHeader();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/auth/login');
    expect(screen.getByRole('link', { name: 'Registrarse' }).getAttribute('href')).toBe('/auth/register');
    expect(screen.queryByRole('link', { name: 'Mis eventos' })).toBeNull();
  });

  it('authenticated: Mis eventos and a keyboard-operable user menu that logs out over the bus', async () => {
    store.set(authAtom, {
      ...initialAuthState,
      status: 'authenticated',
      token: 't',
      user: { fullName: 'Ana López', email: 'ana@correo.mx', isVerified: true },
    });
    const logouts: unknown[] = [];
    bus.on('auth:logout', (payload) => logouts.push(payload));
    renderHeader();
    expect(screen.getByRole('link', { name: 'Mis eventos' }).getAttribute('href')).toBe('/perfil/mis_compras');

    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: /Ana López/ });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Mi perfil' }).getAttribute('href')).toBe('/perfil/mi_perfil');
    expect(screen.getByRole('link', { name: 'Cambiar contraseña' }).getAttribute('href')).toBe('/perfil/mi_password');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Mi perfil' })).toBeNull();
    expect(document.activeElement).toBe(button);

    await user.keyboard(' ');
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Cerrar sesión');
    await user.keyboard('{Enter}');
    expect(logouts).toEqual([{}]);
  });
});

describe('Footer', () => {
  it('links the three legal pages and shows contact and app badges', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Términos y condiciones' }).getAttribute('href')).toBe('/legales/terminos_y_condiciones');
    expect(screen.getByRole('link', { name: 'Aviso de privacidad' }).getAttribute('href')).toBe('/legales/aviso_de_privacidad');
    expect(screen.getByRole('link', { name: 'Nuestras políticas' }).getAttribute('href')).toBe('/legales/nuestras_politicas');
    expect(screen.queryByRole('heading', { name: 'Contacto' })).not.toBeNull();
    expect(screen.queryByRole('img', { name: 'Próximamente en App Store' })).not.toBeNull();
    expect(screen.queryByRole('link', { name: 'Instagram' })).not.toBeNull();
  });
});
