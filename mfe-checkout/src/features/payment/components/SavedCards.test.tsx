import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@taquilla/shared';
import { describe, expect, it } from 'vitest';
import { fakePaymentDeps, tarjeta } from '../../../testing/payment';
import { signOut } from '../../../testing/holds';
import { paymentStepSession, renderPaymentStep } from '../../../testing/payment-step';

paymentStepSession();

function withCards() {
  const fake = fakePaymentDeps();
  fake.deps.getMiPerfilPago.mockResolvedValue({
    idOpenpay: 'cus_1',
    tarjetas: [tarjeta(), tarjeta({ id: 2, idtarjeta: 'card_mc', tarjeta: '555555XXXXXX4444', marca: 'mastercard', banco: '' })],
    usuario: { email: 'ana@ejemplo.mx' },
  });
  return fake;
}

describe('saved cards at checkout', () => {
  it('pays with a saved card: no card form, nothing tokenised, the card and customer ids sent', async () => {
    const fake = renderPaymentStep(withCards());
    const group = within(await screen.findByRole('group', { name: 'Forma de pago' }));
    expect((group.getByRole('radio', { name: 'Tarjeta nueva' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(group.getByRole('radio', { name: /Mastercard terminada en 4444/ }));
    expect(screen.queryByLabelText('Número de tarjeta')).toBeNull();
    expect(screen.queryByLabelText('Quieres guardar tu tarjeta?')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    // The confirm dialog opens after the step's own state update: waited for, not assumed.
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Confirmar compra' })).getByRole('button', { name: 'Confirmar' }));
    await screen.findByRole('dialog', { name: '¡Compra exitosa!' });
    expect(fake.gateway.tokenize).not.toHaveBeenCalled();
    expect(fake.deps.makeCargo).toHaveBeenCalledWith(expect.objectContaining({ source_id: 'card_mc', usuarioOpenpayId: 'cus_1', device_session_id: 'dev-1' }));
    expect(fake.deps.makeCargo.mock.calls[0]![0]).not.toHaveProperty('guardarTarjeta');
  });

  it('deletes a card after the confirm dialog, and says so when the gateway fails', async () => {
    const fake = renderPaymentStep(withCards());
    const group = within(await screen.findByRole('group', { name: 'Forma de pago' }));
    fireEvent.click(group.getByRole('radio', { name: /Visa terminada en 1111/ }));

    fireEvent.click(group.getByRole('button', { name: 'Eliminar Visa terminada en 1111' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Eliminar tarjeta' }));
    expect(dialog.queryByText('Esta acción eliminará tu método de pago de forma permanente.')).not.toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancelar' }));
    expect(fake.deps.deleteTarjeta).not.toHaveBeenCalled();

    fake.deps.deleteTarjeta.mockRejectedValueOnce(new Error('network'));
    fireEvent.click(group.getByRole('button', { name: 'Eliminar Visa terminada en 1111' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Eliminar tarjeta' })).getByRole('button', { name: 'Eliminar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ocurrió un error al eliminar la tarjeta. Por favor, inténtalo de nuevo.');
    expect(group.queryByRole('radio', { name: /Visa terminada en 1111/ })).not.toBeNull();

    fireEvent.click(group.getByRole('button', { name: 'Eliminar Visa terminada en 1111' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Eliminar tarjeta' })).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(group.queryByRole('radio', { name: /Visa terminada en 1111/ })).toBeNull());
    expect(fake.deps.deleteTarjeta).toHaveBeenLastCalledWith('cus_1', 'card_visa');
    // The deleted card was the chosen one: back to a new card.
    expect((group.getByRole('radio', { name: 'Tarjeta nueva' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText('Número de tarjeta')).not.toBeNull();
  });

  it('keeps the new-card form when the cards cannot be loaded, and asks nothing for guests', async () => {
    const fake = fakePaymentDeps();
    fake.deps.getMiPerfilPago.mockRejectedValue(new ApiError({ status: 500, messages: [] }));
    renderPaymentStep(fake);
    expect((await screen.findByRole('alert')).textContent).toBe('Error al obtener las tarjetas.');
    expect(screen.queryByLabelText('Número de tarjeta')).not.toBeNull();
    cleanup();

    signOut();
    const guest = renderPaymentStep(withCards());
    await screen.findByRole('region', { name: 'Totales de la compra' });
    expect(guest.deps.getMiPerfilPago).not.toHaveBeenCalled();
    expect(screen.queryByRole('group', { name: 'Forma de pago' })).toBeNull();
  });
});
