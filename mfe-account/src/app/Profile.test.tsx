import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus } from '@taquilla/shared';
import { renderAccount } from '../testing/render';

const api = vi.hoisted(() => ({
  getMiPerfil: vi.fn(),
  getMisEventos: vi.fn(),
  getMiEvento: vi.fn(),
  getMiPerfilPago: vi.fn(),
  updatePassword: vi.fn(),
  deleteTarjeta: vi.fn(),
}));
vi.mock('@taquilla/shared/api/cuenta', () => api);

beforeEach(() => {
  api.getMiPerfil.mockResolvedValue({ fullName: 'Demo Taquilla', email: 'demo@taquilla.mx' });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('account Profile', () => {
  it('side menu: the four sections and Cerrar sesión, the current one marked', async () => {
    renderAccount('/perfil/mi_perfil');
    const menu = screen.getByRole('navigation', { name: 'Mi cuenta' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Mi perfil', '/perfil/mi_perfil'],
      ['Contraseña', '/perfil/mi_password'],
      ['Forma de pago', '/perfil/mis_formas_de_pago'],
      ['Mis compras', '/perfil/mis_compras'],
    ]);
    expect(within(menu).getByRole('link', { name: 'Mi perfil' }).getAttribute('aria-current')).toBe('page');
    expect(within(menu).getByRole('button', { name: 'Cerrar sesión' })).toBeInstanceOf(HTMLButtonElement);
    await screen.findByDisplayValue('Demo Taquilla');
  });

  it('Cerrar sesión asks the shell to log out over the bus', async () => {
    const onLogout = vi.fn();
    bus.on('auth:logout', onLogout);
    renderAccount('/perfil/mi_perfil');
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    bus.off('auth:logout', onLogout);
  });

  it('Mi perfil shows name and e-mail as filled, read-only fields', async () => {
    renderAccount('/perfil/mi_perfil');
    const name = await screen.findByLabelText('Nombre completo');
    expect((name as HTMLInputElement).value).toBe('Demo Taquilla');
    expect((name as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText('Correo electrónico') as HTMLInputElement).value).toBe('demo@taquilla.mx');
  });

  it('Mi perfil failure: title Error and the fallback message, then Reintentar loads again', async () => {
    api.getMiPerfil.mockRejectedValueOnce(new Error('boom'));
    renderAccount('/perfil/mi_perfil');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error');
    expect(alert.textContent).toContain('Error al obtener el perfil.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await screen.findByDisplayValue('Demo Taquilla');
    expect(api.getMiPerfil).toHaveBeenCalledTimes(2);
  });

  it('an unknown section goes to Mi perfil', async () => {
    const { location } = renderAccount('/perfil/otra');
    await screen.findByRole('heading', { level: 1, name: 'Mi perfil' });
    expect(location.current).toBe('/perfil/mi_perfil');
  });
});
