import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, bus } from '@taquilla/shared';
import { login, sendVerificationEmail } from '@taquilla/shared/api/auth';
import { renderAuth } from '../../../testing/render-auth';

vi.mock('@taquilla/shared/api/auth', async (original) => ({
  ...(await original<typeof import('@taquilla/shared/api/auth')>()),
  login: vi.fn(),
  sendVerificationEmail: vi.fn(),
}));

const user = { id: 'u1', fullName: 'Ana López', email: 'ana@example.com', isVerified: true };

describe('login', () => {
  // Braces matter: a function returned from beforeEach is run as a teardown.
  beforeEach(() => {
    vi.mocked(login).mockReset();
  });
  afterEach(() => {
    cleanup();
    bus.all.clear();
  });

  it('shows no message before a field is touched, then the spec messages on blur', async () => {
    renderAuth('/auth/login');
    const email = screen.getByLabelText('Correo');
    const password = screen.getByLabelText('Contraseña');
    expect(screen.queryByText('Debes ingresar el correo')).toBeNull();

    await userEvent.click(email);
    await userEvent.tab();
    expect(screen.queryByText('Debes ingresar el correo')).not.toBeNull();
    // Tab moved focus on, but the password field has not been left yet: still no message there.
    expect(screen.queryByText('Debes ingresar una contraseña')).toBeNull();
    await userEvent.type(email, 'ana@');
    expect(screen.queryByText('Debes ingresar un correo válido')).not.toBeNull();
    await userEvent.type(email, 'example.com');
    expect(screen.queryByText('Debes ingresar un correo válido')).toBeNull();

    await userEvent.click(password);
    await userEvent.tab();
    expect(screen.queryByText('Debes ingresar una contraseña')).not.toBeNull();
    await userEvent.type(password, '123');
    expect(screen.queryByText('La contraseña debe tener al menos 6 caracteres')).not.toBeNull();
  });

  it('links to forgot password and register', () => {
    renderAuth('/auth/login');
    expect(screen.getByRole('link', { name: /olvidaste tu contraseña/i }).getAttribute('href')).toBe('/auth/forgot');
    expect(screen.getByRole('link', { name: /crear una cuenta/i }).getAttribute('href')).toBe('/auth/register');
  });

  it('on success hands token and user to the shell over the bus (never localStorage)', async () => {
    vi.mocked(login).mockResolvedValue({ token: 'jwt', user });
    const onLogin = vi.fn();
    bus.on('auth:login', onLogin);
    renderAuth('/auth/login');
    await userEvent.type(screen.getByLabelText('Correo'), ' ana@example.com ');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'Secreta1');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(onLogin).toHaveBeenCalledWith({ token: 'jwt', user }));
    expect(login).toHaveBeenCalledWith({ email: 'ana@example.com', password: 'Secreta1' });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('on failure shows the server messages joined by line breaks and sets the auth error', async () => {
    vi.mocked(login).mockImplementation(async () => {
      throw new ApiError({ status: 401, messages: ['Credenciales incorrectas', 'Otra línea'] });
    });
    const onLoginFailed = vi.fn();
    bus.on('auth:login-failed', onLoginFailed);
    renderAuth('/auth/login');
    await userEvent.type(screen.getByLabelText('Correo'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'Secreta1');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Credenciales incorrectas\nOtra línea');
    expect(onLoginFailed).toHaveBeenCalledWith({ message: 'Credenciales incorrectas' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('an unverified account gets "Verificación requerida" with Entendido, and no session', async () => {
    vi.mocked(login).mockResolvedValue({ token: 'jwt', user: { ...user, isVerified: false } });
    vi.mocked(sendVerificationEmail).mockResolvedValue({ message: 'Se ha enviado un correo de verificación. Revisa tu bandeja de entrada.' });
    const onLogin = vi.fn();
    bus.on('auth:login', onLogin);
    renderAuth('/auth/login');
    await userEvent.type(screen.getByLabelText('Correo'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'Secreta1');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Verificación requerida. Debes verificar tu correo para acceder.');
    await userEvent.click(screen.getByRole('button', { name: 'Reenviar correo' }));
    await waitFor(() => expect(screen.queryByText('Se ha enviado un correo de verificación. Revisa tu bandeja de entrada.')).not.toBeNull());
    expect(sendVerificationEmail).toHaveBeenCalledWith('ana@example.com');
    expect(onLogin).not.toHaveBeenCalled();
  });
});

describe('auth layout', () => {
  afterEach(() => {
    cleanup();
    bus.all.clear();
  });

  it('redirects an authenticated visitor to /', () => {
    renderAuth('/auth/login', 'authenticated');
    expect(screen.queryByText('Inicio')).not.toBeNull();
  });

  it('sends a buyer who signs in from a guarded page back to that page', () => {
    renderAuth('/auth/login', 'authenticated', { from: { pathname: '/perfil/mis_eventos', search: '', hash: '' } });
    expect(screen.queryByText('Perfil')).not.toBeNull();
    expect(screen.queryByText('Inicio')).toBeNull();
  });

  it("asks the shell for the session check while the status is 'checking'", () => {
    const onCheck = vi.fn();
    bus.on('auth:check', onCheck);
    renderAuth('/auth/login', 'checking');
    expect(onCheck).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Bienvenido a Taquilla')).not.toBeNull();
  });
});
