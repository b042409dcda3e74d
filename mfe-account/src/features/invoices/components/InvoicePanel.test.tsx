import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@taquilla/shared';
import type { CompraFacturable } from '@taquilla/shared/api/facturas';
import { InvoicePanel } from './InvoicePanel';

const api = vi.hoisted(() => ({ solicitarFactura: vi.fn(), descargarFactura: vi.fn(), getFacturasDeEvento: vi.fn(), getCompraFacturable: vi.fn() }));
vi.mock('@taquilla/shared/api/facturas', () => api);

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const compra: CompraFacturable = {
  reservaId: '11111111-1111-4111-8111-111111111111',
  fecha: '2026-11-20T18:00:00.000Z',
  total: 233100,
  evento: { id: 7, nombre: 'Luna en vivo' },
  factura: null,
  disponible: true,
  motivo: null,
  fechaLimite: '2026-12-01T05:59:59.000Z',
};
const factura = {
  id: 'f1',
  uuid: 'ABCDEF01-2345-4678-9ABC-DEF012345678',
  rfc: 'MAG041126GT8',
  razonSocial: 'MI AGENCIA',
  regimenFiscal: '601',
  codigoPostal: '06600',
  usoCfdi: 'G03',
  total: 233100,
  correo: 'ana@ejemplo.mx',
  emitidaEn: '2026-11-28T10:00:00.000Z',
};

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('RFC'), 'mag041126gt8');
  await user.type(screen.getByLabelText('Nombre o razón social'), 'Mi Agencia');
  await user.type(screen.getByLabelText('Código postal del domicilio fiscal'), '06600');
  await user.selectOptions(screen.getByLabelText('Régimen fiscal'), '601');
  await user.selectOptions(screen.getByLabelText('Uso del CFDI'), 'G03');
}

describe('InvoicePanel', () => {
  it('requests a factura: the form takes focus, the API refusal shows in an alert, success is announced with the downloads', async () => {
    const user = userEvent.setup();
    render(<InvoicePanel compras={[compra]} comprador={{ invitadoId: 'inv-1' }} />);
    expect(screen.getByText('Puedes pedir tu factura hasta el 30 de noviembre de 2026.')).toBeInstanceOf(HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Solicitar factura' }));
    expect(document.activeElement).toBe(screen.getByLabelText('RFC'));
    // Empty fields: the first one is named, nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Emitir factura' }));
    expect(screen.getByText('Escribe tu RFC.')).toBeInstanceOf(HTMLElement);
    expect(api.solicitarFactura).not.toHaveBeenCalled();

    await fill(user);
    api.solicitarFactura.mockRejectedValueOnce(
      new ApiError({
        status: 400,
        messages: ['El RFC no es válido: el dígito verificador (último carácter) no corresponde. Revísalo en tu Constancia de Situación Fiscal.'],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Emitir factura' }));
    expect((await screen.findByRole('alert')).textContent).toContain('dígito verificador');

    api.solicitarFactura.mockResolvedValueOnce({ message: 'Emitimos tu factura y la enviamos a ana@ejemplo.mx.', factura });
    await user.click(screen.getByRole('button', { name: 'Emitir factura' }));
    expect(api.solicitarFactura).toHaveBeenLastCalledWith(
      compra.reservaId,
      { rfc: 'MAG041126GT8', razonSocial: 'Mi Agencia', codigoPostal: '06600', regimenFiscal: '601', usoCfdi: 'G03' },
      { invitadoId: 'inv-1' },
    );
    expect((await screen.findByRole('status')).textContent).toBe('Emitimos tu factura y la enviamos a ana@ejemplo.mx.');
    const article = screen.getByRole('article');
    expect(within(article).getByText(`Folio fiscal: ${factura.uuid}`)).toBeInstanceOf(HTMLElement);
    expect(within(article).getByRole('button', { name: 'Descargar XML' })).toBeInstanceOf(HTMLButtonElement);
    expect(within(article).queryByRole('button', { name: 'Solicitar factura' })).toBeNull();
  }, 30_000);

  it('a purchase that cannot be invoiced says why and offers no button', () => {
    render(<InvoicePanel compras={[{ ...compra, disponible: false, motivo: 'Esta compra fue reembolsada, así que no se puede facturar.' }]} comprador={{}} />);
    expect(screen.getByText('Esta compra fue reembolsada, así que no se puede facturar.')).toBeInstanceOf(HTMLElement);
    expect(screen.queryByRole('button', { name: 'Solicitar factura' })).toBeNull();
  });
});
