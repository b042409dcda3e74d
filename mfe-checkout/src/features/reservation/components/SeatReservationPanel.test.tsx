import { act, fireEvent, screen } from '@testing-library/react';
import { ApiError, bus, holdAtom, store as page } from '@taquilla/shared';
import { heldSeats } from '@taquilla/shared/hold';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RESERVA_ID, fakeDeps, reservaDetalle, signOut } from '../../../testing/holds';
import {
  EXPIRA,
  busEvents as events,
  continuar,
  continuarCon,
  holdSucceeds,
  holdTwoSeats,
  priced,
  renderPanel,
  seatPanelSession,
  select,
  settle,
  tick,
  timer,
} from '../../../testing/seat-panel';
import type { PaymentSlot } from './HoldStage';

seatPanelSession();

/** A payment step that is paid at the press of a button (the real one has its own tests). */
const paidAtOnce: PaymentSlot = (_hold, onSold) => (
  <button type="button" onClick={onSold}>
    Pagado
  </button>
);

describe('SeatReservationPanel: reserve', () => {
  it('asks for a seat before reserving anything', async () => {
    const { api } = renderPanel();
    await settle();
    continuar();
    expect(screen.getByRole('alert').textContent).toBe('Debes seleccionar al menos un asiento.');
    expect(api.reservar).not.toHaveBeenCalled();
    select([11]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('holds the selected seats for the signed-in buyer and starts the countdown', async () => {
    const { api, store } = await holdTwoSeats();
    expect(api.reservar).toHaveBeenCalledWith('1', { asientosReserva: [{ id: 11 }, { id: 12 }] });
    expect(api.reservarInvitado).not.toHaveBeenCalled();
    expect(timer()).toContain('10:00');
    // The pressed button is gone: focus moves to the countdown.
    expect(document.activeElement).toBe(screen.getByRole('timer'));
    expect(screen.getByRole('list', { name: 'Asientos reservados' }).textContent).toContain('Fila A, asiento 5 · VIP');
    expect(screen.queryByRole('button', { name: 'Cancelar la compra' })).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Continuar' })).toBeNull();
    expect(store.value).toEqual({ eventoId: '1', reservaId: RESERVA_ID, esGeneral: false, volverA: '/' });
    // The page's one hold, which seating reads: the held seats are the buyer's.
    expect(page.get(holdAtom)).toMatchObject({ status: 'held', hold: { eventoId: '1', reservaId: RESERVA_ID, fechaExpiracion: EXPIRA, esGeneral: false } });
    expect(heldSeats(page.get(holdAtom), '1')).toEqual([11, 12]);
  });

  it('ignores selections of another section', async () => {
    const { api } = renderPanel();
    await settle();
    select([11], '1', '10');
    continuar();
    expect(screen.getByRole('alert').textContent).toBe('Debes seleccionar al menos un asiento.');
    expect(api.reservar).not.toHaveBeenCalled();
  });

  it('sends one request however fast the button is pressed', async () => {
    const fake = fakeDeps();
    fake.api.reservar.mockReturnValue(new Promise(() => {}));
    renderPanel(fake);
    await settle();
    select([11]);
    await priced();
    continuar();
    continuar();
    expect(fake.api.reservar).toHaveBeenCalledTimes(1);
    expect((screen.getByRole('button', { name: 'Continuar' }) as HTMLButtonElement).disabled).toBe(true);
    // While the answer is awaited the seats asked for are already the buyer's on the map.
    expect(heldSeats(page.get(holdAtom), '1')).toEqual([11]);
  });

  it('seats taken meanwhile: the spec message, nothing held, reload after 2 s', async () => {
    const fake = fakeDeps();
    fake.api.reservar.mockRejectedValue(
      new ApiError({ status: 409, messages: ['Uno o más asientos ya no están disponibles. Por favor, actualiza la página.'] }),
    );
    await continuarCon(fake);
    expect(screen.getByRole('alert').textContent).toBe('Uno o más asientos ya no están disponibles. Por favor, actualiza la página.');
    expect(fake.store.value).toBeNull();
    await tick(1999);
    expect(fake.reload).not.toHaveBeenCalled();
    await tick(1);
    expect(fake.reload).toHaveBeenCalledTimes(1);
  });

  it('a server failure shows the generic message and lets the buyer try again', async () => {
    const fake = fakeDeps();
    fake.api.reservar.mockRejectedValueOnce(new ApiError({ status: 500, messages: ['boom'] }));
    await continuarCon(fake);
    expect(screen.getByRole('alert').textContent).toBe('Ocurrió un error al reservar. Por favor, intenta nuevamente.');
    expect(fake.reload).not.toHaveBeenCalled();
    holdSucceeds(fake);
    continuar();
    await settle();
    expect(timer()).toContain('10:00');
  });

  it('a refused request (limit) shows the server reason', async () => {
    const fake = fakeDeps();
    fake.api.reservar.mockRejectedValue(new ApiError({ status: 400, messages: ['Puedes reservar como máximo 4 lugares en este evento.'] }));
    await continuarCon(fake);
    expect(screen.getByRole('alert').textContent).toBe('Puedes reservar como máximo 4 lugares en este evento.');
  });

  it('too many attempts from this address (429) shows the server reason and keeps the selection', async () => {
    const fake = fakeDeps();
    fake.api.reservar.mockRejectedValueOnce(new ApiError({ status: 429, messages: ['Demasiados intentos. Intenta de nuevo en unos minutos.'] }));
    await continuarCon(fake);
    expect(screen.getByRole('alert').textContent).toBe('Demasiados intentos. Intenta de nuevo en unos minutos.');
    await tick(3000);
    expect(fake.reload).not.toHaveBeenCalled();
    holdSucceeds(fake);
    continuar();
    await settle();
    expect(fake.api.reservar).toHaveBeenLastCalledWith('1', { asientosReserva: [{ id: 11 }] });
    // Three seconds after NOW, the hold until NOW + 10 min reads 9:57 left.
    expect(timer()).toContain('09:57');
  });
});

describe('SeatReservationPanel: guest', () => {
  beforeEach(signOut);

  it('asks for name and e-mail, with the delivery hint, before reserving', async () => {
    const fake = fakeDeps();
    fake.api.reservarInvitado.mockResolvedValue({ id: RESERVA_ID, reservaId: RESERVA_ID, fechaExpiracion: EXPIRA });
    fake.api.getReserva.mockResolvedValue(reservaDetalle({ fechaExpiracion: EXPIRA }));
    renderPanel(fake);
    await settle();
    expect(screen.queryByText('En este correo recibirás tus boletos')).not.toBeNull();
    select([11]);
    await priced();
    continuar();
    expect(screen.queryByText('Ingresa el nombre')).not.toBeNull();
    expect(screen.queryByText('Es necesario un correo electrónico valído')).not.toBeNull();
    expect(fake.api.reservarInvitado).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: '  Ana López ' } });
    fireEvent.change(screen.getByLabelText('Correo electrónico'), { target: { value: 'ana@ejemplo.mx' } });
    expect(screen.queryByText('Ingresa el nombre')).toBeNull();
    continuar();
    await settle();
    expect(fake.api.reservarInvitado).toHaveBeenCalledWith('1', {
      asientosReserva: [{ id: 11 }],
      nombre: 'Ana López',
      correo: 'ana@ejemplo.mx',
    });
    expect(fake.api.reservar).not.toHaveBeenCalled();
    expect(timer()).toContain('10:00');
  });

  it('shows a field message once the field has been left', async () => {
    renderPanel();
    await settle();
    expect(screen.queryByText('Ingresa el nombre')).toBeNull();
    fireEvent.blur(screen.getByLabelText('Nombre'));
    expect(screen.queryByText('Ingresa el nombre')).not.toBeNull();
    expect(screen.queryByText('Es necesario un correo electrónico valído')).toBeNull();
  });
});

describe('SeatReservationPanel: countdown, expiry, cancel', () => {
  it('ticks every second from fechaExpiracion', async () => {
    await holdTwoSeats();
    await tick(1000);
    expect(timer()).toContain('09:59');
    await tick(61_000);
    expect(timer()).toContain('08:58');
  });

  it('counts on the server clock when the browser clock is off', async () => {
    // The server is 2 minutes ahead of this browser.
    await holdTwoSeats(fakeDeps(), '2026-11-26T10:02:00.000Z');
    expect(timer()).toContain('08:00');
  });

  it('re-syncs at once when the tab becomes visible again', async () => {
    await holdTwoSeats();
    // A background tab whose timers did not run for 4 minutes.
    vi.setSystemTime(new Date(Date.now() + 4 * 60_000));
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(timer()).toContain('06:00');
  });

  it('on expiry warns, forgets the hold, announces it and reloads after 2 s', async () => {
    const fake = await holdTwoSeats();
    await tick(10 * 60_000);
    expect(screen.getByRole('alert').textContent).toBe('El tiempo de tu reserva ha expirado. La página se recargará.');
    expect(screen.queryByRole('button', { name: 'Cancelar la compra' })).toBeNull();
    expect(fake.store.value).toBeNull();
    expect(events).toContainEqual(['checkout:released', { eventoId: '1', reservaId: RESERVA_ID, reason: 'expired' }]);
    expect(fake.reload).not.toHaveBeenCalled();
    await tick(2000);
    expect(fake.reload).toHaveBeenCalledTimes(1);
  });

  it('a sale ends the hold and says so on the bus (reason sold), once', async () => {
    const fake = fakeDeps();
    holdSucceeds(fake);
    renderPanel(fake, paidAtOnce);
    await settle();
    select([11, 12]);
    await priced();
    continuar();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Pagado' }));
    await settle();
    expect(events.filter(([type]) => type === 'checkout:released')).toEqual([['checkout:released', { eventoId: '1', reservaId: RESERVA_ID, reason: 'sold' }]]);
    expect(fake.store.value).toBeNull();
  });

  it('cancel releases the hold, says so and reloads', async () => {
    const fake = await holdTwoSeats();
    fake.api.cancelarReserva.mockResolvedValue({ reservaId: RESERVA_ID, estado: 'cancelada' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar la compra' }));
    await settle();
    expect(fake.api.cancelarReserva).toHaveBeenCalledWith('1', { reservaId: RESERVA_ID, esGeneral: false });
    expect(events).toContainEqual(['ui:toast', { kind: 'success', message: 'La reserva se ha cancelado.' }]);
    expect(events).toContainEqual(['checkout:released', { eventoId: '1', reservaId: RESERVA_ID, reason: 'cancelled' }]);
    expect(fake.store.value).toBeNull();
    await tick(2000);
    expect(fake.reload).toHaveBeenCalledTimes(1);
  });

  it("seating's cancel arrow cancels the live hold (and only that one)", async () => {
    const fake = await holdTwoSeats();
    fake.api.cancelarReserva.mockResolvedValue({ reservaId: RESERVA_ID, estado: 'cancelada' });
    act(() => bus.emit('seating:cancel-requested', { eventoId: '1', reservaId: 'otra' }));
    await settle();
    expect(fake.api.cancelarReserva).not.toHaveBeenCalled();
    act(() => bus.emit('seating:cancel-requested', { eventoId: '1', reservaId: RESERVA_ID }));
    await settle();
    expect(fake.api.cancelarReserva).toHaveBeenCalledWith('1', { reservaId: RESERVA_ID, esGeneral: false });
    expect(screen.getByRole('status').textContent).toBe('La reserva se ha cancelado.');
  });

  it('a failed cancel keeps the hold and its countdown, with the spec message', async () => {
    const fake = await holdTwoSeats();
    fake.api.cancelarReserva.mockRejectedValue(new ApiError({ status: 500, messages: ['x'] }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar la compra' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('No se pudo cancelar la reserva. Inténtalo de nuevo.');
    expect(timer()).toContain('10:00');
    expect(fake.store.value).not.toBeNull();
    await tick(5000);
    expect(fake.reload).not.toHaveBeenCalled();
  });
});

describe('SeatReservationPanel: after a reload', () => {
  const saved = { eventoId: '1', reservaId: RESERVA_ID, esGeneral: false };

  it('restores a live hold of this section from the server', async () => {
    const fake = fakeDeps(saved);
    fake.api.getReserva.mockResolvedValue(reservaDetalle({ fechaExpiracion: '2026-11-26T10:04:30.000Z' }));
    renderPanel(fake);
    await settle();
    expect(fake.api.getReserva).toHaveBeenCalledWith('1', RESERVA_ID);
    expect(timer()).toContain('04:30');
    // Restored on page load: focus is left where the browser put it.
    expect(document.activeElement).not.toBe(screen.getByRole('timer'));
    expect(page.get(holdAtom)).toMatchObject({ status: 'held', hold: { reservaId: RESERVA_ID } });
    expect(heldSeats(page.get(holdAtom), '1')).toEqual([11, 12]);
  });

  it.each([
    ['cancelled', { estado: 'cancelada' as const }],
    ['expired', { estado: 'expirada' as const }],
    ['past its time', { fechaExpiracion: '2026-11-26T09:59:00.000Z' }],
  ])('drops a hold that is %s', async (_label, overrides) => {
    const fake = fakeDeps(saved);
    fake.api.getReserva.mockResolvedValue(reservaDetalle(overrides));
    renderPanel(fake);
    await settle();
    expect(screen.queryByRole('button', { name: 'Continuar' })).not.toBeNull();
    expect(fake.store.value).toBeNull();
  });

  it('drops a hold the server no longer gives us (404)', async () => {
    const fake = fakeDeps(saved);
    fake.api.getReserva.mockRejectedValue(new ApiError({ status: 404, messages: ['La reserva no es válida.'] }));
    renderPanel(fake);
    await settle();
    expect(screen.queryByRole('button', { name: 'Continuar' })).not.toBeNull();
    expect(fake.store.value).toBeNull();
  });

  it('leaves a live hold of another section alone', async () => {
    const fake = fakeDeps(saved);
    fake.api.getReserva.mockResolvedValue(reservaDetalle({ seccionId: 10 }));
    renderPanel(fake);
    await settle();
    expect(screen.queryByRole('button', { name: 'Continuar' })).not.toBeNull();
    expect(fake.store.value).toEqual(saved);
  });
});

describe('a hold made in another tab', () => {
  it('asks the server at once and says this hold was replaced; holds of other events or its own echo are ignored', async () => {
    const fake = fakeDeps();
    holdSucceeds(fake);
    await continuarCon(fake);
    expect(screen.getByRole('timer')).toBeTruthy();
    fake.api.getReserva.mockClear();

    act(() => fake.broadcast.fromOtherTab({ eventoId: '2', reservaId: 'otra' }));
    act(() => fake.broadcast.fromOtherTab({ eventoId: '1', reservaId: RESERVA_ID }));
    await settle();
    expect(fake.api.getReserva).not.toHaveBeenCalled();

    fake.api.getReserva.mockResolvedValue(reservaDetalle({ estado: 'cancelada' }));
    act(() => fake.broadcast.fromOtherTab({ eventoId: '1', reservaId: 'otra' }));
    await settle();
    expect(fake.api.getReserva).toHaveBeenCalledWith('1', RESERVA_ID);
    expect(screen.getByRole('alert').textContent).toContain('Esta reserva se canceló porque apartaste lugares de este evento en otra pestaña o ventana.');
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pagar' })).toBeNull();
    expect(fake.store.value).toBeNull();
    expect(events).toContainEqual(['checkout:released', { eventoId: '1', reservaId: RESERVA_ID, reason: 'cancelled' }]);
  });

  it('a hold the server still has live stays on screen', async () => {
    const fake = fakeDeps();
    holdSucceeds(fake);
    await continuarCon(fake);
    act(() => fake.broadcast.fromOtherTab({ eventoId: '1', reservaId: 'otra' }));
    await settle();
    expect(screen.getByRole('timer')).toBeTruthy();
    expect(fake.store.value?.reservaId).toBe(RESERVA_ID);
  });

  it('announces its own new hold to the other tabs', async () => {
    const fake = fakeDeps();
    holdSucceeds(fake);
    await continuarCon(fake);
    expect(fake.broadcast.announce).toHaveBeenCalledWith({ eventoId: '1', reservaId: RESERVA_ID });
  });
});
