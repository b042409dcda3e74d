import { describe, expect, it, afterEach } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import CheckoutPanel from './CheckoutPanel';
import ConfirmPurchase from './ConfirmPurchase';
import GeneralPurchase from './GeneralPurchase';

afterEach(cleanup);

describe('checkout exposed modules (en construcción)', () => {
  it('ConfirmPurchase shows a Spanish heading and a link back to /eventos', () => {
    render(<MemoryRouter><ConfirmPurchase /></MemoryRouter>);
    expect(screen.getByRole('heading', { level: 1, name: 'Confirmación de pago: en construcción' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a eventos' }).getAttribute('href')).toBe('/eventos');
  });

  it('CheckoutPanel shows no amounts and keeps its props visible to the shell', () => {
    const { container } = render(<MemoryRouter><CheckoutPanel eventoId="3" seccionId="9" /></MemoryRouter>);
    expect(screen.getByRole('heading', { name: 'Resumen de compra: en construcción' })).toBeTruthy();
    expect(container.querySelector('[data-evento-id="3"][data-seccion-id="9"]')).toBeTruthy();
    expect(container.textContent).not.toMatch(/\$\s?\d|MXN/);
  });

  it('GeneralPurchase renders nothing until the GA modal is built', () => {
    const { container } = render(<MemoryRouter><GeneralPurchase /></MemoryRouter>);
    expect(container.innerHTML).toBe('');
  });
});
