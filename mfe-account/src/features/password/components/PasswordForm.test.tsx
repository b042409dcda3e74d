import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@taquilla/shared';
import { renderAccount } from '../../../testing/render';

const api = vi.hoisted(() => ({ updatePassword: vi.fn() }));
vi.mock('@taquilla/shared/api/cuenta', () => api);

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

async function fill(actual: string, nueva: string, repetida: string) {
  const user = userEvent.setup();
  for (const [label, value] of [
    ['Contraseña actual', actual],
    ['Nueva contraseña', nueva],
    ['Confirmar nueva contraseña', repetida],
  ] as const) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  await user.click(screen.getByRole('button', { name: 'Actualizar contraseña' }));
  return user;
}

describe('Mi password', () => {
  it('empty fields: Todos los campos son obligatorios, and nothing is sent', async () => {
    renderAccount('/perfil/mi_password');
    await fill('', '', '');
    expect(screen.getByRole('alert').textContent).toBe('Todos los campos son obligatorios');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.updatePassword).not.toHaveBeenCalled();
  });

  it('a confirmation that differs: Las nuevas contraseñas no coinciden', async () => {
    renderAccount('/perfil/mi_password');
    await fill('Actual1', 'Nueva12', 'Nueva13');
    expect(screen.getByText('Las nuevas contraseñas no coinciden')).toBeInstanceOf(HTMLElement);
    expect(screen.getByLabelText('Confirmar nueva contraseña').getAttribute('aria-invalid')).toBe('true');
    expect(api.updatePassword).not.toHaveBeenCalled();
  });

  it('the confirm dialog precedes the change; cancelling sends nothing', async () => {
    renderAccount('/perfil/mi_password');
    const user = await fill('Actual1', 'Nueva12', 'Nueva12');
    const dialog = screen.getByRole('dialog', { name: '¿Cambiar tu contraseña?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.updatePassword).not.toHaveBeenCalled();
  });

  it('confirmed: sends current and new password only, then Contraseña actualizada correctamente', async () => {
    api.updatePassword.mockResolvedValue({ message: 'Contraseña actualizada correctamente' });
    renderAccount('/perfil/mi_password');
    const user = await fill('Actual1', 'Nueva12', 'Nueva12');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cambiar contraseña' }));
    expect(api.updatePassword).toHaveBeenCalledWith({ actualPassword: 'Actual1', newPassword: 'Nueva12' });
    expect((await screen.findByRole('status')).textContent).toBe('Contraseña actualizada correctamente');
    expect((screen.getByLabelText('Contraseña actual') as HTMLInputElement).value).toBe('');
  });

  it('refused: the server message, or Hubo un problema al actualizar la contraseña', async () => {
    api.updatePassword.mockRejectedValueOnce(new ApiError({ status: 400, messages: ['La contraseña actual no es correcta.'] }));
    api.updatePassword.mockRejectedValueOnce(new ApiError({ status: 500, messages: ['Ocurrió un error inesperado. Inténtalo de nuevo.'] }));
    renderAccount('/perfil/mi_password');
    let user = await fill('Mala123', 'Nueva12', 'Nueva12');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cambiar contraseña' }));
    // A wrong current password: spec §8's text, the reason on the field.
    expect((await screen.findByRole('alert')).textContent).toBe('Hubo un problema al actualizar la contraseña');
    expect(screen.getByLabelText('Contraseña actual').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('La contraseña actual no es correcta.')).toBeTruthy();
    user = await fill('Actual1', 'Nueva12', 'Nueva12');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cambiar contraseña' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Hubo un problema al actualizar la contraseña');
  });
});
