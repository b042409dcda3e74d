import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, savedHold } from '@taquilla/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { signOut } from '../../../testing/holds';
import { RESERVA_ID, cargo, cotizacion, evento, fakePaymentDeps, promocion } from '../../../testing/payment';
import { onSold, paymentStepSession, renderPaymentStep, typeCard } from '../../../testing/payment-step';

paymentStepSession();

/** The code MITAD: 50 % off. */
const MITAD = promocion({ id: 8, porcentaje: 5000, nombre: 'Mitad', clave: 'MITAD', automatica: false });
/** aplicar-promo's answer for MITAD on the two seats at $1,500. */
const CON_MITAD = {
  ...cotizacion({ descuento: 150_000, cargoServicio: 15_000, cargoTarjeta: 4_500, total: 169_500, promocion: MITAD }),
  message: 'Descuento aplicado correctamente!',
};
/** resumen of the hold with its automatic 5 % promotion 'Cinco'. */
const CON_CINCO = {
  ...cotizacion({
    descuento: 15_000,
    cargoServicio: 28_500,
    cargoTarjeta: 8_550,
    total: 322_050,
    promocion: promocion({ id: 1, porcentaje: 500, nombre: 'Cinco' }),
  }),
  reservaId: RESERVA_ID,
};

const summary = async () => within(await screen.findByRole('region', { name: 'Totales de la compra' }));
const line = (s: ReturnType<typeof within>, label: string) => s.getByText(label).nextElementSibling?.textContent?.replace(/\u00a0/g, ' ');

describe('PaymentStep summary and discount', () => {
  it("shows the server's figures for the hold (resumen, with its automatic promotion) and the all-in price", async () => {
    const fake = fakePaymentDeps();
    fake.deps.getResumenReserva.mockResolvedValue({
      reservaId: RESERVA_ID,
      subtotal: 300_000,
      descuento: 30_000,
      boletosGratis: 0,
      cargoServicio: 27_000,
      cargoTarjeta: 8_100,
      iva: 0,
      total: 305_100,
      promocion: promocion({ id: 2, porcentaje: 1000, nombre: 'Diez' }),
    });
    renderPaymentStep(fake);
    const s = await summary();
    expect(fake.deps.getResumenReserva).toHaveBeenCalledWith('1', RESERVA_ID);
    expect(line(s, 'Descuento 10 % (Diez)')).toBe('−$300.00');
    expect(line(s, 'Subtotal')).toBe('$3,000.00');
    expect(line(s, 'Cargo por servicio')).toBe('$270.00');
    expect(line(s, 'Cargo por uso de tarjeta')).toBe('$81.00');
    expect(s.queryByText('IVA')).toBeNull();
    expect(line(s, 'Total')).toBe('$3,051.00');
    // This event charges no IVA: the all-in price says so (issue 33, item 10).
    expect(s.queryByText(/\$1,500.00 por boleto: \$1,695.00 con cargos$/)).not.toBeNull();
    expect(s.queryByText(/e IVA/)).toBeNull();
  });

  it("asks for the server's figures at once, beside the order's reads (a restored hold shows its totals a round trip sooner)", async () => {
    const fake = fakePaymentDeps();
    // The event's sections never answer: the resumen is asked all the same.
    fake.deps.getDetalleSeccion.mockReturnValue(new Promise(() => undefined));
    renderPaymentStep(fake);
    await waitFor(() => expect(fake.deps.getResumenReserva).toHaveBeenCalledWith('1', RESERVA_ID));
  });

  it("a seat's category fee comes with the event's sections: the all-in price counts it", async () => {
    const fake = fakePaymentDeps();
    // An event that charges its service fee per price category.
    fake.deps.getEventoDetalle.mockResolvedValue({ ...evento, udsPorCategoria: true });
    const secciones = await fake.deps.getDetalleSeccion();
    fake.deps.getDetalleSeccion.mockResolvedValue({ ...secciones, categoriasEvento: [{ categoria: 'VIP', cargoPorCategoria: 2000 }] });
    renderPaymentStep(fake);
    const s = await summary();
    // $1,500 + the 20 % VIP service fee ($300) + the 3 % card fee ($45); without it, $1,695.
    expect(await s.findByText(/\$1,500.00 por boleto: \$1,845.00 con cargos$/)).not.toBeNull();
  });

  it('applies a code over the automatic promotion, and says why one does not apply', async () => {
    const fake = fakePaymentDeps();
    fake.deps.getResumenReserva.mockResolvedValue(CON_CINCO);
    renderPaymentStep(fake);
    const s = await summary();
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(screen.queryByText('Ingresa un código valido')).not.toBeNull());

    fake.deps.validarClaveWeb.mockResolvedValueOnce(
      promocion({ id: 7, tipo: 'CANTIDAD', porcentaje: null, cantidadCompra: 3, cantidadPaga: 2, clave: 'TRES' }),
    );
    fireEvent.change(screen.getByLabelText('Código de descuento'), { target: { value: 'tres' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() =>
      expect(screen.queryByText('Debes seleccionar al menos 3 asientos en una misma categoría y precio para aplicar este código.')).not.toBeNull(),
    );
    expect(fake.deps.validarClaveWeb).toHaveBeenLastCalledWith(1, 'TRES');
    expect(fake.deps.aplicarPromo).not.toHaveBeenCalled();

    fake.deps.validarClaveWeb.mockRejectedValueOnce(new ApiError({ status: 404, messages: ['Código de descuento inválido.'] }));
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(screen.queryByText('Código de descuento inválido.')).not.toBeNull());

    fake.deps.validarClaveWeb.mockResolvedValueOnce(MITAD);
    fake.deps.aplicarPromo.mockResolvedValueOnce(CON_MITAD);
    fireEvent.change(screen.getByLabelText('Código de descuento'), { target: { value: 'mitad' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(screen.queryByText('Descuento aplicado correctamente!')).not.toBeNull());
    expect(fake.deps.aplicarPromo).toHaveBeenCalledWith({ promocionId: 8, clave: 'MITAD', eventoId: 1, reservaId: RESERVA_ID });
    expect(line(s, 'Descuento 50 % (Mitad)')).toBe('−$1,500.00');
    expect(s.queryByText(/Cinco/)).toBeNull();
    expect(line(s, 'Total')).toBe('$1,695.00');
  });
});

describe('PaymentStep on a restored hold', () => {
  afterEach(() => savedHold.clear());

  it("keeps the saved code's figures when resumen answers in the same moment, after aplicar-promo", async () => {
    savedHold.write({ eventoId: '1', reservaId: RESERVA_ID, esGeneral: false, promocion: { id: 8, clave: 'MITAD' } });
    const fake = fakePaymentDeps();
    let answerResumen!: () => void;
    let answerPromo!: () => void;
    fake.deps.getResumenReserva.mockReturnValue(
      new Promise((resolve) => {
        answerResumen = () => resolve(CON_CINCO);
      }),
    );
    fake.deps.aplicarPromo.mockReturnValue(
      new Promise((resolve) => {
        answerPromo = () => resolve(CON_MITAD);
      }),
    );
    renderPaymentStep(fake);
    await waitFor(() => expect(fake.deps.aplicarPromo).toHaveBeenCalledWith({ promocionId: 8, clave: 'MITAD', eventoId: 1, reservaId: RESERVA_ID }));
    await waitFor(() => expect(fake.deps.getResumenReserva).toHaveBeenCalled());
    // Both answers land before React renders again: the code's answer first, then the stale resumen.
    answerPromo();
    answerResumen();
    const s = await summary();
    await waitFor(() => expect(line(s, 'Total')).toBe('$1,695.00'));
    expect(line(s, 'Descuento 50 % (Mitad)')).toBe('−$1,500.00');
    expect(s.queryByText(/Cinco/)).toBeNull();
  });
});

describe('PaymentStep card payment', () => {
  it('shows every card message and charges nothing', async () => {
    const fake = renderPaymentStep();
    await summary();
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    for (const m of [
      'El nombre del titular no es válido o no puede ir vacío.',
      'El número de tarjeta debe tener máximo 16 dígitos.',
      'La fecha de vencimiento debe estar en formato MM/YY.',
      'El CVV debe tener 3 o 4 dígitos.',
    ])
      expect(screen.queryByText(m)).not.toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.gateway.tokenize).not.toHaveBeenCalled();
  });

  it('formats the number as typed and shows the CVV tooltip', async () => {
    renderPaymentStep();
    await summary();
    fireEvent.change(screen.getByLabelText('Número de tarjeta'), { target: { value: '4111-1111-1111-1111' } });
    expect((screen.getByLabelText('Número de tarjeta') as HTMLInputElement).value).toBe('4111 1111 1111 1111');
    expect(screen.getByText('Visa').getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '¿Qué es el CVV?' }));
    expect(screen.getByRole('tooltip').textContent).toBe('Código de seguridad de 3 a 4 dígitos al reverso de tu tarjeta.');
  });

  it('confirms the amount, tokenises in the browser, charges once and celebrates', async () => {
    const fake = renderPaymentStep();
    const s = await summary();
    typeCard();
    fireEvent.click(screen.getByLabelText('Quieres guardar tu tarjeta?'));
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Confirmar compra' }));
    expect(dialog.queryByText(`Vas a pagar ${line(s, 'Total')} por tus boletos.`.replace(/ /g, ' '))).not.toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Confirmar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Procesando pago' }));
    expect((screen.getByRole('button', { name: 'Procesando pago' }) as HTMLButtonElement).disabled).toBe(true);
    const success = within(await screen.findByRole('dialog', { name: '¡Compra exitosa!' }));
    expect(fake.deps.makeCargo).toHaveBeenCalledTimes(1);
    expect(fake.deps.makeCargo).toHaveBeenCalledWith(
      expect.objectContaining({
        reservaId: RESERVA_ID,
        esGeneral: false,
        source_id: 'tok_1',
        device_session_id: 'dev-1',
        amount: 339_000,
        promocion_id: null,
        guardarTarjeta: true,
      }),
    );
    // The card itself only went to the gateway's tokenizer.
    expect(JSON.stringify(fake.deps.makeCargo.mock.calls)).not.toContain('4111');
    expect(fake.gateway.tokenize).toHaveBeenCalledWith({
      card_number: '4111111111111111',
      holder_name: 'Ana Prueba',
      expiration_month: '12',
      expiration_year: '30',
      cvv2: '123',
    });
    expect(success.queryByText('Concierto de prueba')).not.toBeNull();
    expect(success.queryByText('Auditorio Central')).not.toBeNull();
    expect(success.getByRole('link').getAttribute('href')).toBe('/perfil/mis_compras');
    await waitFor(() => expect(fake.deps.celebrate).toHaveBeenCalledTimes(1));
    expect(onSold).toHaveBeenCalledTimes(1);
    fireEvent.click(success.getByRole('button', { name: 'Continuar' }));
    expect(fake.deps.reload).toHaveBeenCalled();
  });

  it('sends a guest through cargo_invitado and a 3-D Secure charge to the bank page', async () => {
    signOut();
    const fake = fakePaymentDeps();
    fake.deps.makeCargoInvitado.mockResolvedValue(
      cargo({ cargo: { id: 'tr_2', status: 'charge_pending', pagado: false, payment_method: { type: 'redirect', url: 'http://localhost/sandbox/3ds/tr_2' } } }),
    );
    renderPaymentStep(fake);
    await summary();
    expect(screen.queryByLabelText('Quieres guardar tu tarjeta?')).toBeNull();
    typeCard();
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(fake.deps.navigate).toHaveBeenCalledWith('http://localhost/sandbox/3ds/tr_2'));
    expect(fake.deps.makeCargo).not.toHaveBeenCalled();
    expect(fake.deps.makeCargoInvitado).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: '¡Compra exitosa!' })).toBeNull();
    expect(onSold).not.toHaveBeenCalled();
  });

  it('shows a decline, lets the buyer retry in the same hold, and drops a refused code', async () => {
    const fake = fakePaymentDeps();
    renderPaymentStep(fake);
    await summary();
    fake.deps.validarClaveWeb.mockResolvedValueOnce(promocion({ id: 8, porcentaje: 5000, nombre: 'Mitad', clave: 'MITAD' }));
    fake.deps.aplicarPromo.mockResolvedValueOnce(CON_MITAD);
    fireEvent.change(screen.getByLabelText('Código de descuento'), { target: { value: 'MITAD' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    await screen.findByText('Descuento aplicado correctamente!');

    fake.deps.makeCargo.mockRejectedValueOnce(new ApiError({ status: 400, messages: ['Código de descuento inválido.'], data: { isPromoError: true } }));
    typeCard('4222222222222220');
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Código de descuento inválido.');
    expect(screen.queryByText(/Mitad/)).toBeNull();
    // The figures without the code are the server's again (resumen), then 'Pagar' is back.
    await waitFor(() => expect(fake.deps.getResumenReserva).toHaveBeenCalledTimes(2));
    await screen.findByRole('region', { name: 'Totales de la compra' });
    expect(screen.queryByText(/Mitad/)).toBeNull();

    fake.deps.makeCargo.mockRejectedValueOnce(new Error('network'));
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await screen.findByText('Ocurrió un error al procesar el pago.');

    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await screen.findByRole('dialog', { name: '¡Compra exitosa!' });
    expect(fake.deps.makeCargo).toHaveBeenCalledTimes(3);
    // The code goes with its promotion's id (the server refuses a code's promotion by id alone).
    expect(fake.deps.makeCargo.mock.calls[0]![0]).toMatchObject({ promocion_id: 8, promocion_clave: 'MITAD' });
    expect(fake.deps.makeCargo.mock.calls[2]![0]).toMatchObject({ promocion_id: null, promocion_clave: null, amount: 339_000 });
  });
});
