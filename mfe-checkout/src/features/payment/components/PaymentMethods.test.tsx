import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RESERVA_ID, cotizacion, fakePaymentDeps, referencia, tarjeta } from '../../../testing/payment';
import { onSold, paymentStepSession, renderPaymentStep, typeCard } from '../../../testing/payment-step';

paymentStepSession();

// Meses sin intereses, 'Pago en efectivo' and 'Transferencia SPEI' in the payment step.

/** resumen with the event's plans for this total and cash / SPEI still offered. */
function withOffers(
  fake = fakePaymentDeps(),
  diferidos = { efectivo: '2026-11-28T16:00:00.000Z', spei: '2026-11-27T04:00:00.000Z' } as { efectivo: string | null; spei: string | null },
) {
  const total = cotizacion().total;
  fake.deps.getResumenReserva.mockResolvedValue({
    ...cotizacion(),
    reservaId: RESERVA_ID,
    planesMsi: [3, 6].map((meses) => ({ meses: meses as 3 | 6, mensualidad: Math.ceil(total / meses), total })),
    diferidos,
  });
  return fake;
}

const DEBITO = { tipo: 'debit', marca: 'visa', banco: 'BBVA', admiteMsi: false };

describe('meses sin intereses', () => {
  it('a new credit card: Pago de contado and each plan with its monthly amount and the same total; the charge carries the chosen plan', async () => {
    const fake = renderPaymentStep(withOffers());
    await screen.findByRole('region', { name: 'Totales de la compra' });
    // Before the card is complete its type is unknown: no plan on offer yet.
    expect(screen.queryByLabelText('Meses sin intereses')).toBeNull();
    expect(screen.getByText('Los meses sin intereses aparecen al completar los datos de una tarjeta de crédito.')).toBeTruthy();
    typeCard('4111111111111111');
    const select = (await screen.findByLabelText('Meses sin intereses')) as HTMLSelectElement;
    expect(fake.deps.getTipoTarjeta).toHaveBeenCalledWith({ reservaId: RESERVA_ID, token_id: 'tok_1', device_session_id: 'dev-1' });
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Pago de contado',
      '3 meses sin intereses de $1,130.00 (total $3,390.00)',
      '6 meses sin intereses de $565.00 (total $3,390.00)',
    ]);
    fireEvent.change(select, { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Confirmar compra' })).getByRole('button', { name: 'Confirmar' }));
    await screen.findByRole('dialog', { name: '¡Compra exitosa!' });
    expect(fake.deps.makeCargo).toHaveBeenCalledWith(expect.objectContaining({ amount: 339_000, meses: 6 }));
  });

  it('a new debit card typed in sees no plan, only Pago de contado, and is charged without one', async () => {
    const fake = withOffers();
    let answer: (v: typeof DEBITO) => void = () => undefined;
    fake.deps.getTipoTarjeta.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    renderPaymentStep(fake);
    await screen.findByRole('region', { name: 'Totales de la compra' });
    typeCard('4000000000000002');
    // While the gateway is asked: nothing offered, and the buyer is told why.
    expect(await screen.findByText('Verificando tu tarjeta…')).toBeTruthy();
    expect(screen.queryByLabelText('Meses sin intereses')).toBeNull();
    answer(DEBITO);
    expect(await screen.findByText(/^Las tarjetas de débito pagan de contado/)).toBeTruthy();
    expect(screen.queryByLabelText('Meses sin intereses')).toBeNull();
    // Editing another field does not ask again; the charge carries no plan.
    fireEvent.change(screen.getByLabelText('CVV'), { target: { value: '456' } });
    expect(fake.deps.getTipoTarjeta).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Confirmar compra' })).getByRole('button', { name: 'Confirmar' }));
    await screen.findByRole('dialog', { name: '¡Compra exitosa!' });
    expect(fake.deps.makeCargo).toHaveBeenCalledWith(expect.objectContaining({ meses: null }));
  });

  it('a plan picked for a credit card is dropped when the number changes to a debit card', async () => {
    const fake = withOffers();
    fake.deps.getTipoTarjeta.mockResolvedValueOnce({ tipo: 'credit', marca: 'visa', banco: 'BBVA', admiteMsi: true }).mockResolvedValueOnce(DEBITO);
    renderPaymentStep(fake);
    await screen.findByRole('region', { name: 'Totales de la compra' });
    typeCard('4111111111111111');
    fireEvent.change(await screen.findByLabelText('Meses sin intereses'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Número de tarjeta'), { target: { value: '4000000000000002' } });
    expect(await screen.findByText(/^Las tarjetas de débito pagan de contado/)).toBeTruthy();
    expect(screen.queryByLabelText('Meses sin intereses')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Confirmar compra' })).getByRole('button', { name: 'Confirmar' }));
    await screen.findByRole('dialog', { name: '¡Compra exitosa!' });
    expect(fake.deps.makeCargo).toHaveBeenCalledWith(expect.objectContaining({ meses: null }));
  });

  it('when the type cannot be learnt no plan is offered and the buyer can still pay de contado', async () => {
    const fake = withOffers();
    fake.deps.getTipoTarjeta.mockRejectedValueOnce(new Error('red'));
    renderPaymentStep(fake);
    await screen.findByRole('region', { name: 'Totales de la compra' });
    typeCard('4111111111111111');
    expect(await screen.findByText(/^No pudimos verificar si tu tarjeta admite meses sin intereses/)).toBeTruthy();
    expect(screen.queryByLabelText('Meses sin intereses')).toBeNull();
  });

  it('an event without plans never asks for the card type', async () => {
    const fake = renderPaymentStep();
    await screen.findByRole('region', { name: 'Totales de la compra' });
    typeCard('4111111111111111');
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Confirmar compra' })).getByRole('button', { name: 'Confirmar' }));
    await screen.findByRole('dialog', { name: '¡Compra exitosa!' });
    expect(fake.deps.getTipoTarjeta).not.toHaveBeenCalled();
  });

  it('a saved debit card sees no plan; a saved credit card does', async () => {
    const fake = withOffers();
    fake.deps.getMiPerfilPago.mockResolvedValue({
      idOpenpay: 'cus_1',
      tarjetas: [
        tarjeta({ id: 1, idtarjeta: 'card_debito', tarjeta: '400000XXXXXX0002', tipo: 'debit' }),
        tarjeta({ id: 2, idtarjeta: 'card_credito', tarjeta: '411111XXXXXX1111', tipo: 'credit' }),
      ],
      usuario: { email: 'ana@ejemplo.mx' },
    });
    renderPaymentStep(fake);
    const saved = within(await screen.findByRole('group', { name: 'Forma de pago' }));
    fireEvent.click(saved.getByRole('radio', { name: /terminada en 0002/ }));
    expect(screen.queryByLabelText('Meses sin intereses')).toBeNull();
    fireEvent.click(saved.getByRole('radio', { name: /terminada en 1111/ }));
    expect(screen.getByLabelText('Meses sin intereses')).toBeTruthy();
  });

  it('an event without plans shows no select, and the charge goes in one go', async () => {
    renderPaymentStep();
    await screen.findByRole('region', { name: 'Totales de la compra' });
    expect(screen.queryByLabelText('Meses sin intereses')).toBeNull();
    expect(screen.queryByRole('group', { name: '¿Cómo quieres pagar?' })).toBeNull();
  });
});

describe('cash and SPEI', () => {
  it('Pago en efectivo: asks for the reference once, then shows amount, deadline, reference, barcode and the steps', async () => {
    const fake = renderPaymentStep(withOffers());
    const forma = within(await screen.findByRole('group', { name: '¿Cómo quieres pagar?' }));
    fireEvent.click(forma.getByRole('radio', { name: 'Pago en efectivo' }));
    expect(screen.queryByLabelText('Número de tarjeta')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Generar referencia' }));
    const ref = within(await screen.findByRole('region', { name: 'Pago en efectivo: tu referencia' }));
    expect(fake.deps.makeReferencia).toHaveBeenCalledTimes(1);
    expect(fake.deps.makeReferencia).toHaveBeenCalledWith({
      reservaId: RESERVA_ID,
      metodo: 'efectivo',
      amount: 339_000,
      promocion_id: null,
      promocion_clave: null,
    });
    expect(ref.getByText('91234567890123456789')).toBeTruthy();
    expect(ref.getByRole('img', { name: 'Código de barras de la referencia 91234567890123456789' })).toBeTruthy();
    expect(ref.getByText('Total a pagar').nextElementSibling?.textContent?.replace(/\u00a0/g, ' ')).toBe('$3,390.00');
    expect(ref.getByRole('status').textContent).toMatch(/^Tu referencia está lista/);
    await waitFor(() => expect(document.activeElement).toBe(ref.getByRole('heading', { level: 3 })));
    // The hold now waits for the payment: no countdown.
    expect(onSold).toHaveBeenCalledTimes(1);
    fireEvent.click(ref.getByRole('button', { name: 'Descargar PDF' }));
    await waitFor(() => expect(fake.deps.getReferenciaPdf).toHaveBeenCalledWith(`/pagos/referencia/${RESERVA_ID}/pdf`));
  });

  it('SPEI: the CLABE, beneficiary and the concept to type; a refusal is shown in Spanish and the buyer stays on the form', async () => {
    const fake = withOffers();
    fake.deps.makeReferencia.mockRejectedValueOnce(Object.assign(new Error('x'), { name: 'ApiError' })).mockResolvedValueOnce(
      referencia({
        instrucciones: { metodo: 'spei', clabe: '646180000000000012', banco: 'STP', beneficiario: 'Taquilla', referencia: '81234567890123456789' },
      }),
    );
    renderPaymentStep(fake);
    fireEvent.click(within(await screen.findByRole('group', { name: '¿Cómo quieres pagar?' })).getByRole('radio', { name: 'Transferencia SPEI' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generar referencia' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ocurrió un error al procesar el pago.');
    fireEvent.click(screen.getByRole('button', { name: 'Generar referencia' }));
    const ref = within(await screen.findByRole('region', { name: 'Transferencia SPEI: tus datos' }));
    expect(ref.getByText('646180000000000012')).toBeTruthy();
    expect(ref.getByText(/escribe exactamente 81234567890123456789/)).toBeTruthy();
  });

  it('an event too close to its date offers no cash or SPEI', async () => {
    renderPaymentStep(withOffers(fakePaymentDeps(), { efectivo: null, spei: null }));
    await screen.findByRole('region', { name: 'Totales de la compra' });
    typeCard('4111111111111111');
    await screen.findByLabelText('Meses sin intereses');
    expect(screen.queryByRole('group', { name: '¿Cómo quieres pagar?' })).toBeNull();
  });
});
