import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError, savedHold } from '@taquilla/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { RESERVA_ID, fakePaymentDeps } from '../../../testing/payment';
import { PaymentDepsContext } from '../api/deps';
import { ConfirmPurchasePage } from './ConfirmPurchasePage';

const INVITADO = '0b5e8c8e-9d0f-4f57-8a57-6c3d1b1f0a11';
const evento = { id: 1, nombre: 'Concierto de prueba', recinto: 'Auditorio Central', fecha: '2026-12-01T02:00:00.000Z' };
const paid = {
  id: RESERVA_ID,
  message: 'Tu pago fue procesado correctamente. Te enviamos tus boletos por correo.',
  cargo: { pagado: true, status: 'completed' as const },
  total: 339_000,
  evento,
  boletos: [],
};

function renderAt(url: string, fake = fakePaymentDeps()) {
  render(
    <PaymentDepsContext.Provider value={fake.deps}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/terminar_compra/:reservaId/:esGeneral/:promocionId" element={<ConfirmPurchasePage />} />
          <Route path="/terminar_compra_invitado/:reservaId/:esGeneral/:invitadoId/:promocionId" element={<ConfirmPurchasePage />} />
        </Routes>
      </MemoryRouter>
    </PaymentDepsContext.Provider>,
  );
  return fake;
}

afterEach(cleanup);

describe('terminar_compra', () => {
  it('checks the charge of a signed-in buyer and shows the purchase', async () => {
    const fake = fakePaymentDeps();
    fake.deps.checkCargo.mockResolvedValue(paid);
    renderAt(`/terminar_compra/${RESERVA_ID}/true/12?id=tr_9`, fake);
    await waitFor(() => expect(screen.queryByRole('heading', { name: '¡Compra exitosa!' })).not.toBeNull());
    expect(fake.deps.checkCargo).toHaveBeenCalledWith('tr_9', { reservaId: RESERVA_ID, esGeneral: true, promocion_id: 12 });
    expect(screen.queryByText(paid.message)).not.toBeNull();
    expect(screen.queryByText('Auditorio Central')).not.toBeNull();
    expect(screen.queryByText('$3,390.00')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Ir a mis compras' }).getAttribute('href')).toBe('/perfil/mis_compras');
    // Passive effects may run just after the heading is painted.
    await waitFor(() => expect(fake.deps.celebrate).toHaveBeenCalledTimes(1));
  });

  it('checks a guest charge with the guest id and no promotion', async () => {
    const fake = fakePaymentDeps();
    fake.deps.checkCargoInvitado.mockResolvedValue(paid);
    renderAt(`/terminar_compra_invitado/${RESERVA_ID}/false/${INVITADO}/0?id=tr_9`, fake);
    await screen.findByRole('heading', { name: '¡Compra exitosa!' });
    expect(fake.deps.checkCargoInvitado).toHaveBeenCalledWith(INVITADO, 'tr_9', { reservaId: RESERVA_ID, esGeneral: false });
    expect(fake.deps.checkCargo).not.toHaveBeenCalled();
  });

  it('resends the tickets e-mail to the purchase address, and says why when it cannot', async () => {
    const fake = fakePaymentDeps();
    fake.deps.checkCargoInvitado.mockResolvedValue(paid);
    renderAt(`/terminar_compra_invitado/${RESERVA_ID}/false/${INVITADO}/0?id=tr_9`, fake);
    fireEvent.click(await screen.findByRole('button', { name: 'Reenviar boletos por correo' }));
    await waitFor(() => expect(screen.queryByText('Te enviamos tus boletos por correo. (invitada@ejemplo.mx)')).not.toBeNull());
    expect(fake.deps.reenviarBoletosInvitado).toHaveBeenCalledWith(INVITADO, RESERVA_ID);
    expect(fake.deps.reenviarBoletos).not.toHaveBeenCalled();

    fake.deps.reenviarBoletosInvitado.mockRejectedValueOnce(new ApiError({ status: 429, messages: ['Ya te enviamos tus boletos varias veces.'] }));
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar boletos por correo' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ya te enviamos tus boletos varias veces.');
  });

  it('says what went wrong', async () => {
    const missing = renderAt(`/terminar_compra/${RESERVA_ID}/false/0`);
    expect((await screen.findByRole('alert')).textContent).toBe('Faltan datos para confirmar el pago.');
    expect(missing.deps.checkCargo).not.toHaveBeenCalled();
    cleanup();

    const declined = fakePaymentDeps();
    declined.deps.checkCargo.mockResolvedValue({ ...paid, message: 'La tarjeta fue rechazada.', cargo: { pagado: false, status: 'failed' } });
    renderAt(`/terminar_compra/${RESERVA_ID}/false/0?id=tr_9`, declined);
    expect((await screen.findByRole('alert')).textContent).toBe('La tarjeta fue rechazada.');
    cleanup();

    const silent = fakePaymentDeps();
    silent.deps.checkCargo.mockResolvedValue({ ...paid, message: '', cargo: { pagado: false, status: 'failed' } });
    renderAt(`/terminar_compra/${RESERVA_ID}/false/0?id=tr_9`, silent);
    expect((await screen.findByRole('alert')).textContent).toBe('No se pudo confirmar el pago.');
    cleanup();

    const server = fakePaymentDeps();
    server.deps.checkCargo.mockRejectedValue(new ApiError({ status: 404, messages: ['La reserva no es válida.'] }));
    renderAt(`/terminar_compra/${RESERVA_ID}/false/0?id=tr_9`, server);
    expect((await screen.findByRole('alert')).textContent).toBe('La reserva no es válida.');
    cleanup();

    const down = fakePaymentDeps();
    down.deps.checkCargo.mockRejectedValue(new Error('network'));
    renderAt(`/terminar_compra/${RESERVA_ID}/false/0?id=tr_9`, down);
    expect((await screen.findByRole('alert')).textContent).toBe('Hubo un problema al confirmar el pago.');
  });

  it('a refused payment whose hold is still live offers Intentar con otra tarjeta, back to the page of the hold', async () => {
    const { reservaDetalle } = await import('../../../testing/holds');
    savedHold.write({ eventoId: '1', reservaId: RESERVA_ID, esGeneral: false, volverA: '/eventos/1/9/Platea' });
    const declined = fakePaymentDeps();
    declined.deps.checkCargo.mockResolvedValue({ ...paid, message: 'La tarjeta fue rechazada.', cargo: { pagado: false, status: 'failed' } });
    declined.deps.getReserva.mockResolvedValue(reservaDetalle({ estado: 'activa' }));
    renderAt(`/terminar_compra/${RESERVA_ID}/false/0?id=tr_9`, declined);
    const retry = await screen.findByRole('link', { name: 'Intentar con otra tarjeta' });
    expect(retry.getAttribute('href')).toBe('/eventos/1/9/Platea');
    expect(declined.deps.getReserva).toHaveBeenCalledWith('1', RESERVA_ID);
    cleanup();

    // A hold that ended meanwhile: nothing to go back to.
    const ended = fakePaymentDeps();
    ended.deps.checkCargo.mockResolvedValue({ ...paid, message: 'La tarjeta fue rechazada.', cargo: { pagado: false, status: 'failed' } });
    ended.deps.getReserva.mockResolvedValue(reservaDetalle({ estado: 'expirada' }));
    renderAt(`/terminar_compra/${RESERVA_ID}/false/0?id=tr_9`, ended);
    await screen.findByRole('alert');
    await waitFor(() => expect(ended.deps.getReserva).toHaveBeenCalled());
    expect(screen.queryByRole('link', { name: 'Intentar con otra tarjeta' })).toBeNull();
    savedHold.clear();
  });
});
