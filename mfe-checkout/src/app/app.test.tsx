import { describe, expect, it, afterEach } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import CheckoutPanel from './CheckoutPanel';
import ConfirmPurchase from './ConfirmPurchase';
import GeneralPurchase from './GeneralPurchase';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('checkout exposed modules', () => {
  it('ConfirmPurchase without the charge id says data are missing and calls nothing', async () => {
    render(
      <MemoryRouter initialEntries={['/terminar_compra/7d4f3f3e-1f6b-4f4e-9a51-0c2b8f6a9d10/false/0']}>
        <Routes>
          <Route path="/terminar_compra/:reservaId/:esGeneral/:promocionId" element={<ConfirmPurchase />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.queryByRole('heading', { level: 1, name: 'Confirmación de pago' })).not.toBeNull();
    expect((await screen.findByRole('alert')).textContent).toBe('Faltan datos para confirmar el pago.');
  });

  it('CheckoutPanel is the purchase summary region seating scrolls to, with no amounts before a hold', async () => {
    const { container } = render(
      <MemoryRouter>
        <CheckoutPanel eventoId="3" seccionId="9" />
      </MemoryRouter>,
    );
    const region = screen.getByRole('region', { name: 'Resumen de compra' });
    expect(region.id).toBe('resumen-compra');
    expect(region.getAttribute('data-remote-version')).toBe('0.0.0-test');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Continuar' })).not.toBeNull());
    expect(container.textContent).not.toMatch(/\$\s?\d|MXN/);
  });

  it('GeneralPurchase shows nothing until a general section is clicked, but marks its version', () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/eventos/3']}>
        <Routes>
          <Route path="/eventos/:id" element={<GeneralPurchase />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(container.querySelector('dialog[data-remote-version="0.0.0-test"]')).toBeTruthy();
  });
});
