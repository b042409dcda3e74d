import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@taquilla/shared';
import { forgotPassword } from '@taquilla/shared/api/auth';
import { renderAuth } from '../../../testing/render-auth';

vi.mock('@taquilla/shared/api/auth', async (original) => ({
  ...(await original<typeof import('@taquilla/shared/api/auth')>()),
  forgotPassword: vi.fn(),
}));

afterEach(() => {
  cleanup();
  vi.mocked(forgotPassword).mockReset();
});

describe('forgot password', () => {
  it("an empty address gives 'Por favor, ingresa un correo electrónico.' once touched", async () => {
    renderAuth('/auth/forgot');
    expect(screen.queryByText('Por favor, ingresa un correo electrónico.')).toBeNull();
    await userEvent.click(screen.getByLabelText('Correo'));
    await userEvent.tab();
    expect(screen.queryByText('Por favor, ingresa un correo electrónico.')).not.toBeNull();
    expect(screen.getByRole('link', { name: /volver a iniciar sesión/i }).getAttribute('href')).toBe('/auth/login');
  });

  it("reads 'Enviando...' and is disabled while sending, then shows the success dialog", async () => {
    let answer!: (value: { message: string }) => void;
    vi.mocked(forgotPassword).mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    renderAuth('/auth/forgot');
    await userEvent.type(screen.getByLabelText('Correo'), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Recuperar Contraseña' }));
    const busy = await screen.findByRole('button', { name: 'Enviando...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    answer({ message: 'Hemos enviado un correo con instrucciones para restablecer tu contraseña.' });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Hemos enviado un correo con instrucciones para restablecer tu contraseña.');
    expect((screen.getByRole('button', { name: 'Recuperar Contraseña' }) as HTMLButtonElement).disabled).toBe(false);
    expect(forgotPassword).toHaveBeenCalledWith('ana@example.com');
  });

  it('a failure shows the server message', async () => {
    vi.mocked(forgotPassword).mockImplementation(async () => {
      throw new ApiError({ status: 429, messages: ['Demasiados intentos. Intenta de nuevo en unos minutos.'] });
    });
    renderAuth('/auth/forgot');
    await userEvent.type(screen.getByLabelText('Correo'), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Recuperar Contraseña' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Demasiados intentos. Intenta de nuevo en unos minutos.');
  });
});
