import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { PaymentDepsContext } from '../features/payment/api/deps';
import { PaymentStep } from '../features/payment/components/PaymentStep';
import { signIn, signOut } from './holds';
import { RESERVA_ID, fakePaymentDeps } from './payment';

/** The payment step's `onSold`, cleared before each test of a file that calls `paymentStepSession`. */
export const onSold = vi.fn();

/** Each test starts signed in with a fresh `onSold`, and ends unmounted and signed out. */
export function paymentStepSession() {
  beforeEach(() => {
    signIn();
    onSold.mockClear();
  });
  afterEach(() => {
    cleanup();
    signOut();
  });
}

/** Renders the payment step of the seat hold `RESERVA_ID` of event 1 over `fake`'s deps; returns `fake`. */
export function renderPaymentStep(fake = fakePaymentDeps()) {
  render(
    <PaymentDepsContext.Provider value={fake.deps}>
      <PaymentStep eventoId="1" reservaId={RESERVA_ID} esGeneral={false} onSold={onSold} />
    </PaymentDepsContext.Provider>,
  );
  return fake;
}

/** Types a new card (holder 'Ana Prueba', 12/30, CVV 123) into the form. */
export function typeCard(number = '4111111111111111') {
  fireEvent.change(screen.getByLabelText('Nombre del titular'), { target: { value: 'Ana Prueba' } });
  fireEvent.change(screen.getByLabelText('Número de tarjeta'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Vencimiento (MM/AA)'), { target: { value: '1230' } });
  fireEvent.change(screen.getByLabelText('CVV'), { target: { value: '123' } });
}
