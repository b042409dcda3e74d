import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ResumenCompra } from '@taquilla/shared/schemas/cuenta';
import { formasDePago, OrderSummary } from './OrderSummary';

const resumen: ResumenCompra = {
  correo: 'ana@ejemplo.mx',
  recinto: 'Teatro Degollado',
  ciudad: 'Guadalajara',
  lineas: [],
  subtotal: 150000,
  descuento: 0,
  cargoServicio: 0,
  cargoTarjeta: 0,
  iva: 0,
  total: 150000,
  compras: 2,
  pagos: [
    { metodo: 'tarjeta', meses: 6, mensualidad: 25000, total: 150000 },
    { metodo: 'efectivo', meses: null, total: 0 },
  ],
};

describe('Mis compras: how each purchase was paid', () => {
  it('says the meses sin intereses plan with its monthly amount, and cash / SPEI; nothing for a card in one go', () => {
    expect(
      formasDePago([
        { metodo: 'tarjeta', meses: null, total: 1000 },
        { metodo: 'spei', meses: null, total: 1000 },
      ]),
    ).toEqual(['Pagado por transferencia SPEI']);
    render(<OrderSummary resumen={resumen} />);
    expect(screen.getByText('Pagado a 6 meses sin intereses de $250.00')).toBeTruthy();
    expect(screen.getByText('Pagado en efectivo')).toBeTruthy();
  });
});
