import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@taquilla/shared';
import { renderAccount } from '../../../testing/render';

const api = vi.hoisted(() => ({ getMiPerfilPago: vi.fn(), deleteTarjeta: vi.fn() }));
vi.mock('@taquilla/shared/api/cuenta', () => api);

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const visa = { id: 1, idtarjeta: 'tok_visa', tarjeta: '411111XXXXXX1111', banco: 'BBVA', marca: 'visa', tipo: 'credit', nombreEnTarjeta: 'Demo Taquilla' };
const mc = { ...visa, id: 2, idtarjeta: 'tok_mc', tarjeta: '555555XXXXXX4444', marca: 'mastercard' };
const perfil = (tarjetas: (typeof visa)[], idOpenpay: string | null = 'cus_demo') => ({ idOpenpay, tarjetas, usuario: { email: 'demo@taquilla.mx' } });

describe('Mis formas de pago', () => {
  it('lists the saved cards by brand and last four digits only', async () => {
    api.getMiPerfilPago.mockResolvedValue(perfil([visa, mc]));
    renderAccount('/perfil/mis_formas_de_pago');
    const list = await screen.findByRole('list', { name: 'Tarjetas guardadas' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.cards__name')?.textContent),
    ).toEqual(['Visa terminada en 1111', 'Mastercard terminada en 4444']);
    expect(list.textContent).not.toContain('411111');
  });

  it('delete asks first with the spec text, then removes the card and reloads the list', async () => {
    api.getMiPerfilPago.mockResolvedValueOnce(perfil([visa, mc])).mockResolvedValueOnce(perfil([mc]));
    api.deleteTarjeta.mockResolvedValue({ message: 'Tarjeta eliminada correctamente.' });
    renderAccount('/perfil/mis_formas_de_pago');
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar Visa terminada en 1111' }));
    const dialog = screen.getByRole('dialog', { name: 'Eliminar tarjeta' });
    expect(dialog.textContent).toContain('Esta acción eliminará tu método de pago de forma permanente.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(api.deleteTarjeta).toHaveBeenCalledWith('cus_demo', 'tok_visa');
    expect((await screen.findByRole('status')).textContent).toBe('Tarjeta eliminada correctamente.');
    expect(await screen.findByRole('button', { name: 'Eliminar Mastercard terminada en 4444' })).toBeInstanceOf(HTMLButtonElement);
    expect(screen.queryByRole('button', { name: 'Eliminar Visa terminada en 1111' })).toBeNull();
  });

  it('cancel keeps the card', async () => {
    api.getMiPerfilPago.mockResolvedValue(perfil([visa]));
    renderAccount('/perfil/mis_formas_de_pago');
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar Visa terminada en 1111' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    expect(api.deleteTarjeta).not.toHaveBeenCalled();
  });

  it('a failed delete: the server message or Hubo un problema al eliminar la tarjeta.', async () => {
    api.getMiPerfilPago.mockResolvedValue(perfil([visa]));
    api.deleteTarjeta.mockRejectedValueOnce(new ApiError({ status: 500, messages: ['Ocurrió un error inesperado. Inténtalo de nuevo.'] }));
    renderAccount('/perfil/mis_formas_de_pago');
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar Visa terminada en 1111' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Hubo un problema al eliminar la tarjeta.');
  });

  it('no payment customer: the spec message, nothing sent', async () => {
    api.getMiPerfilPago.mockResolvedValue(perfil([visa], null));
    renderAccount('/perfil/mis_formas_de_pago');
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar Visa terminada en 1111' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No puedes eliminar la tarjeta porque no tiene un usuario de Openpay');
    expect(api.deleteTarjeta).not.toHaveBeenCalled();
  });

  it('empty and failed lists', async () => {
    api.getMiPerfilPago.mockResolvedValueOnce(perfil([], null));
    renderAccount('/perfil/mis_formas_de_pago');
    expect(await screen.findByText('No tienes tarjetas guardadas.')).toBeInstanceOf(HTMLElement);
    cleanup();
    api.getMiPerfilPago.mockRejectedValueOnce(new ApiError({ status: 500, messages: ['Ocurrió un error inesperado. Inténtalo de nuevo.'] }));
    renderAccount('/perfil/mis_formas_de_pago');
    expect((await screen.findByRole('alert')).textContent).toContain('Error al obtener las tarjetas.');
  });
});
