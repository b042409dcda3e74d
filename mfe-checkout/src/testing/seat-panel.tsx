import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { bus, type BusEvents } from '@taquilla/shared';
import { afterEach, beforeEach, vi } from 'vitest';
import { PaymentDepsContext } from '../features/payment/api/deps';
import type { PaymentSlot } from '../features/reservation/components/HoldStage';
import { SeatReservationPanel } from '../features/reservation/components/SeatReservationPanel';
import { RESERVA_ID, fakeDeps, reservaDetalle, signIn } from './holds';
import { fakePaymentDeps } from './payment';

/** The tests' clock (NOW) and the end of the holds they make (EXPIRA). */
const NOW = new Date('2026-11-26T10:00:00.000Z');
export const EXPIRA = '2026-11-26T10:10:00.000Z';

/** What went over the bus during the current test, in order. */
export const busEvents: Array<[string, unknown]> = [];
const record = (type: keyof BusEvents, payload: unknown) => busEvents.push([type, payload]);

/** Each test starts signed in on fake timers at NOW with the bus recorded, and ends unmounted. */
export function seatPanelSession() {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    busEvents.length = 0;
    bus.on('*', record as never);
    signIn();
  });
  afterEach(() => {
    cleanup();
    bus.off('*', record as never);
    vi.useRealTimers();
  });
}

/** Renders the panel of section 9 of event 1 with `deps` for holds and `prices` answering the selection's quote. */
export function renderPanel(deps = fakeDeps(), payment?: PaymentSlot, prices = fakePaymentDeps()) {
  render(
    <PaymentDepsContext.Provider value={prices.deps}>
      <SeatReservationPanel eventoId="1" seccionId="9" deps={deps.deps} payment={payment} />
    </PaymentDepsContext.Provider>,
  );
  return deps;
}

/** Lets pending promises (API answers) settle inside act, and the effects they cause run their zero-delay timers. */
export const settle = async () => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
};
export const tick = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

/** What seating's map says when the buyer's selection changes. */
export function select(asientoIds: number[], eventoId = '1', seccionId = '9') {
  const asientos = asientoIds.map((id, i) => ({ id, numero: 5 + i, fila: 'A', categoria: 'VIP', color: '#c00', precio: 150_000 }));
  act(() => bus.emit('seating:selection-changed', { eventoId, seccionId, asientos }));
}

export const continuar = () => fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
export const continuarButton = () => screen.getByRole('button', { name: 'Continuar' }) as HTMLButtonElement;
/** The selection has rested and its quote is in. */
export const priced = async () => {
  await tick(250);
  await settle();
};
export const timer = () => screen.getByRole('timer').textContent;

/** Renders the panel, selects `seats` and presses 'Continuar' once they are priced; answers once that has settled. */
export async function continuarCon(fake: ReturnType<typeof fakeDeps>, seats = [11]) {
  renderPanel(fake);
  await settle();
  select(seats);
  await priced();
  continuar();
  await settle();
}

/** The next 'Continuar' holds, until EXPIRA. */
export function holdSucceeds(fake: ReturnType<typeof fakeDeps>, ahora?: string) {
  fake.api.reservar.mockResolvedValue({ id: RESERVA_ID, reservaId: RESERVA_ID, fechaExpiracion: EXPIRA });
  fake.api.getReserva.mockResolvedValue(reservaDetalle({ fechaExpiracion: EXPIRA, ...(ahora ? { ahora } : {}) }));
}

/** A signed-in buyer with seats 11 and 12 held until EXPIRA. */
export async function holdTwoSeats(fake = fakeDeps(), ahora = NOW.toISOString()) {
  holdSucceeds(fake, ahora);
  await continuarCon(fake, [11, 12]);
  return fake;
}
