import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../../../testing/holds';
import { cotizacion, evento, fakePaymentDeps } from '../../../testing/payment';
import { continuar, continuarButton, holdSucceeds, renderPanel, seatPanelSession, select, settle, tick } from '../../../testing/seat-panel';
import { QUOTE_TIMEOUT_MS } from '../../payment/hooks/use-quote';

/** The seat panel's price of the selection before the hold ('Precio de tu selección'), and 'Continuar' waiting for it. */
seatPanelSession();

describe('the price before the hold', () => {
  it('shows the server quote of the current selection before Continuar, asked once the selection rests', async () => {
    const payment = fakePaymentDeps();
    payment.deps.cotizar.mockImplementation(async (_e, payload) =>
      cotizacion(
        'asientoIds' in payload && payload.asientoIds.length === 3 ? { subtotal: 450_000, cargoServicio: 45_000, cargoTarjeta: 13_500, total: 508_500 } : {},
      ),
    );
    renderPanel(fakeDeps(), undefined, payment);
    await settle();
    expect(screen.queryByRole('region', { name: 'Precio de tu selección' })).toBeNull();
    select([11, 12]);
    select([11, 12, 13]);
    await tick(250);
    await settle();
    const quote = screen.getByRole('region', { name: 'Precio de tu selección' });
    expect(quote.textContent).toContain('Subtotal$4,500.00');
    expect(quote.textContent).toContain('Cargo por servicio$450.00');
    expect(quote.textContent).toContain('Total$5,085.00');
    // One request for the selection that rested, none for the one that was changed at once.
    expect(payment.deps.cotizar).toHaveBeenCalledTimes(1);
    expect(payment.deps.cotizar.mock.calls[0]!.slice(0, 2)).toEqual(['1', { asientoIds: [11, 12, 13] }]);
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeTruthy();
    select([]);
    await settle();
    expect(screen.queryByRole('region', { name: 'Precio de tu selección' })).toBeNull();
  });
});

describe('Continuar waits for the price', () => {
  it('is disabled while the selection is priced; a changed selection keeps the previous rows, busy, until its own arrive', async () => {
    const prices = fakePaymentDeps();
    let answer: ((total: number) => void) | null = null;
    prices.deps.cotizar.mockImplementation(() => new Promise((resolve) => (answer = (total) => resolve(cotizacion({ total })))));
    const fake = fakeDeps();
    renderPanel(fake, undefined, prices);
    await settle();
    select([11]);
    await settle();
    expect(continuarButton().disabled).toBe(true);
    expect(screen.getByRole('region', { name: 'Precio de tu selección' }).textContent).toBe('Calculando el total…');
    await tick(250);
    answer!(169_500);
    await settle();
    expect(continuarButton().disabled).toBe(false);
    const quote = screen.getByRole('region', { name: 'Precio de tu selección' });
    expect(quote.textContent).toContain('Total$1,695.00');

    select([11, 12]);
    await tick(250);
    // The first selection's rows stay where they were while the second is priced.
    expect(quote.getAttribute('aria-busy')).toBe('true');
    expect(quote.textContent).toContain('Total$1,695.00');
    expect(quote.textContent).not.toContain('Calculando');
    expect(continuarButton().disabled).toBe(true);
    continuar();
    expect(fake.api.reservar).not.toHaveBeenCalled();
    answer!(339_000);
    await settle();
    expect(quote.getAttribute('aria-busy')).toBeNull();
    expect(quote.textContent).toContain('Total$3,390.00');
    expect(continuarButton().disabled).toBe(false);
  });

  it('a price that does not come back is given up after a while: said so, and the buyer may hold without it', async () => {
    const prices = fakePaymentDeps();
    prices.deps.cotizar.mockImplementation(
      (_e, _p, signal) => new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(new DOMException('timeout', 'TimeoutError')))),
    );
    const fake = fakeDeps();
    holdSucceeds(fake);
    renderPanel(fake, undefined, prices);
    await settle();
    select([11]);
    await tick(250 + QUOTE_TIMEOUT_MS - 100);
    expect(continuarButton().disabled).toBe(true);
    await tick(100);
    await settle();
    expect(screen.getByRole('region', { name: 'Precio de tu selección' }).textContent).toBe('No se pudo calcular el total de tu selección.');
    continuar();
    await settle();
    expect(fake.api.reservar).toHaveBeenCalledWith('1', { asientosReserva: [{ id: 11 }] });
    expect(screen.getByRole('timer')).toBeTruthy();
  });
});

describe('a past event', () => {
  it('offers nothing to buy: no Continuar, no quote', async () => {
    const payment = fakePaymentDeps();
    const fake = fakeDeps();
    fake.api.getEventoDetalle.mockResolvedValue({ ...evento, fecha: '2026-11-20T02:00:00.000Z' });
    renderPanel(fake, undefined, payment);
    await settle();
    select([11]);
    await tick(250);
    await settle();
    expect(screen.queryByRole('button', { name: 'Continuar' })).toBeNull();
    expect(payment.deps.cotizar).not.toHaveBeenCalled();
  });
});
