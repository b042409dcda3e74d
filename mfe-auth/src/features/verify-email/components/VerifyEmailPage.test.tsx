import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError, authAtom, initialAuthState, store } from '@taquilla/shared';
import { resetPassword, verifyEmail } from '@taquilla/shared/api/auth';
import AuthRoutes from '../../../app/AuthRoutes';
import { renderAuth } from '../../../testing/render-auth';

vi.mock('@taquilla/shared/api/auth', async (original) => ({
  ...(await original<typeof import('@taquilla/shared/api/auth')>()),
  verifyEmail: vi.fn(),
  resetPassword: vi.fn(),
}));

afterEach(() => {
  cleanup();
  vi.mocked(verifyEmail).mockReset();
  vi.mocked(resetPassword).mockReset();
});

describe('e-mailed links', () => {
  it('verify/:token spends the single-use token once, even under StrictMode, and shows the answer', async () => {
    vi.mocked(verifyEmail).mockResolvedValue({ message: 'Tu correo ha sido verificado. Ya puedes iniciar sesión.' });
    store.set(authAtom, { ...initialAuthState, status: 'unauthenticated' });
    render(
      <StrictMode>
        <MemoryRouter initialEntries={['/auth/verify/tok-verify-123456789012345']}>
          <Routes>
            <Route path="/auth/*" element={<AuthRoutes />} />
          </Routes>
        </MemoryRouter>
      </StrictMode>,
    );
    await waitFor(() => expect(screen.queryByText('Tu correo ha sido verificado. Ya puedes iniciar sesión.')).not.toBeNull());
    expect(verifyEmail).toHaveBeenCalledTimes(1);
    expect(verifyEmail).toHaveBeenCalledWith('tok-verify-123456789012345');
  });

  it('verify/:token shows the server message for a used link', async () => {
    vi.mocked(verifyEmail).mockImplementation(async () => {
      throw new ApiError({ status: 400, messages: ['Este enlace de verificación ya fue utilizado.'] });
    });
    renderAuth('/auth/verify/otro-token-1234567890123456');
    await waitFor(() => expect(screen.queryByText('Este enlace de verificación ya fue utilizado.')).not.toBeNull());
  });

  it('reset/:token validates like register and sends the new password with the token', async () => {
    vi.mocked(resetPassword).mockResolvedValue({ message: 'Tu contraseña se ha actualizado. Ya puedes iniciar sesión.' });
    renderAuth('/auth/reset/tok-reset-1234567890123456789');
    await userEvent.type(screen.getByLabelText('Nueva contraseña'), 'abcdef1');
    await userEvent.tab();
    expect(screen.queryByText('Debe contener al menos una mayúscula')).not.toBeNull();
    await userEvent.clear(screen.getByLabelText('Nueva contraseña'));
    await userEvent.type(screen.getByLabelText('Nueva contraseña'), 'NuevaClave9');
    await userEvent.type(screen.getByLabelText('Repetir contraseña'), 'NuevaClave9');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Tu contraseña se ha actualizado. Ya puedes iniciar sesión.');
    expect(resetPassword).toHaveBeenCalledWith('tok-reset-1234567890123456789', 'NuevaClave9');
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Iniciar sesión' })).not.toBeNull());
  });

  it('link pages stay open for a signed-in visitor (no redirect to /)', async () => {
    vi.mocked(verifyEmail).mockResolvedValue({ message: 'Tu correo ha sido verificado. Ya puedes iniciar sesión.' });
    renderAuth('/auth/verify/tok-signed-in-12345678901234', 'authenticated');
    await waitFor(() => expect(screen.queryByText('Tu correo ha sido verificado. Ya puedes iniciar sesión.')).not.toBeNull());
  });
});
