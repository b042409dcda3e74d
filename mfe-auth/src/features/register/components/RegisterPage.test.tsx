import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, bus } from '@taquilla/shared';
import { register, sendVerificationEmail } from '@taquilla/shared/api/auth';
import { renderAuth } from '../../../testing/render-auth';

vi.mock('@taquilla/shared/api/auth', async (original) => ({
  ...(await original<typeof import('@taquilla/shared/api/auth')>()),
  register: vi.fn(),
  sendVerificationEmail: vi.fn(),
}));

const newUser = { id: 'u2', fullName: 'Ana López', email: 'ana@example.com', isVerified: false };

async function touch(label: string, value = '') {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
  else await userEvent.click(input);
  await userEvent.tab();
}

async function fillValid() {
  await userEvent.type(screen.getByLabelText('Nombre completo'), 'Ana López');
  await userEvent.type(screen.getByLabelText('Correo'), 'ana@example.com');
  await userEvent.type(screen.getByLabelText('Contraseña'), 'Secreta1');
  await userEvent.type(screen.getByLabelText('Repetir contraseña'), 'Secreta1');
}

beforeEach(() => {
  vi.mocked(register).mockReset();
  vi.mocked(sendVerificationEmail).mockReset();
});
afterEach(() => {
  cleanup();
  bus.all.clear();
});

describe('register', () => {
  it('shows the password hint and a link to sign in', () => {
    renderAuth('/auth/register');
    expect(screen.queryByText('La contraseña debe tener una mayúscula, una minúscula, un número y al menos 6 caracteres')).not.toBeNull();
    expect(screen.getByRole('link', { name: /inicia sesión/i }).getAttribute('href')).toBe('/auth/login');
  });

  it('shows every validation message of spec §5 once the field is touched', async () => {
    renderAuth('/auth/register');
    expect(screen.queryByText('El nombre es obligatorio')).toBeNull();
    const cases: Array<[string, string, string]> = [
      ['Nombre completo', '', 'El nombre es obligatorio'],
      ['Correo', '', 'El correo es obligatorio'],
      ['Correo', 'ana', 'El correo debe ser de un dominio válido'],
      ['Contraseña', '', 'La contraseña es obligatoria'],
      ['Contraseña', 'Ab1', 'Debe tener al menos 6 caracteres'],
      ['Contraseña', 'abcdef1', 'Debe contener al menos una mayúscula'],
      ['Contraseña', 'ABCDEF1', 'Debe contener al menos una minúscula'],
      ['Contraseña', 'Abcdefg', 'Debe contener al menos un número'],
      ['Repetir contraseña', '', 'Debes repetir la contraseña'],
      ['Repetir contraseña', 'Otra1234', 'Las contraseñas no coinciden'],
    ];
    for (const [label, value, message] of cases) {
      await touch(label, value);
      expect(screen.queryByText(message)).not.toBeNull();
    }
    expect(screen.getByLabelText('Repetir contraseña').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends fullName, email and password only (repeatedPassword is dropped), then the verification call', async () => {
    vi.mocked(register).mockResolvedValue({ token: 'jwt', user: newUser });
    vi.mocked(sendVerificationEmail).mockResolvedValue({ message: 'ok' });
    const onLogin = vi.fn();
    bus.on('auth:login', onLogin);
    renderAuth('/auth/register');
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Se ha enviado un correo de verificación. Revisa tu bandeja de entrada.');
    expect(register).toHaveBeenCalledWith({ fullName: 'Ana López', email: 'ana@example.com', password: 'Secreta1' });
    expect(sendVerificationEmail).toHaveBeenCalledWith('ana@example.com');
    // An unverified account gets no session; after the dialog the buyer goes to sign in.
    expect(onLogin).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Iniciar sesión' })).not.toBeNull());
  });

  it("no token in the answer: 'Error en el registro, no se recibió token.'", async () => {
    vi.mocked(register).mockResolvedValue({ token: '', user: newUser });
    renderAuth('/auth/register');
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Error en el registro, no se recibió token.');
    expect(sendVerificationEmail).not.toHaveBeenCalled();
  });

  it('the verification e-mail failing fails the registration', async () => {
    vi.mocked(register).mockResolvedValue({ token: 'jwt', user: newUser });
    vi.mocked(sendVerificationEmail).mockImplementation(async () => {
      throw new ApiError({ status: 422, messages: ['No se pudo enviar el correo de verificación.'] });
    });
    renderAuth('/auth/register');
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('No se pudo enviar el correo de verificación.');
    expect(dialog.textContent).toContain('Hubo un problema al enviar el correo de verificación.');
  });

  it("a server error (duplicate e-mail) is shown and the auth error becomes 'Credenciales incorrectas'", async () => {
    vi.mocked(register).mockImplementation(async () => {
      throw new ApiError({ status: 409, messages: ['El correo ya está registrado.'] });
    });
    const onLoginFailed = vi.fn();
    bus.on('auth:login-failed', onLoginFailed);
    renderAuth('/auth/register');
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('El correo ya está registrado.');
    expect(onLoginFailed).toHaveBeenCalledWith({ message: 'Credenciales incorrectas' });
  });

  it("no server response: 'No se pudo conectar con el servidor'", async () => {
    vi.mocked(register).mockImplementation(async () => {
      throw new ApiError({ messages: ['No se pudo conectar con el servidor'] });
    });
    renderAuth('/auth/register');
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('No se pudo conectar con el servidor');
  });
});
