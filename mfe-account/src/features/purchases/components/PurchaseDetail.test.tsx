import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@taquilla/shared';
import { renderAccount } from '../../../testing/render';
import { boleto, detalle, miEvento, pase } from '../../../testing/fixtures';

const api = vi.hoisted(() => ({ getMisEventos: vi.fn(), getMiEvento: vi.fn() }));
vi.mock('@taquilla/shared/api/cuenta', () => api);

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const evento = miEvento({ id: 7, nombre: 'Luna en vivo', fecha: '2030-12-06T02:30:00Z', cantidadBoletos: 2 });

describe('detalle de boleto(s)', () => {
  it('ticket cards with every fact and a QR, and the order summary', async () => {
    const seat = boleto({ categoria: 'Oro', fila: 'B', numero: 12, precio: 125000 });
    const general = pase({ precioEspecial: 45000 });
    api.getMiEvento.mockResolvedValue(detalle(evento, [seat], [general]));
    renderAccount('/perfil/mis_compras/7?tab=pasados');
    expect(await screen.findByRole('heading', { level: 1, name: 'Luna en vivo' })).toBeInstanceOf(HTMLElement);
    expect(api.getMiEvento).toHaveBeenCalledWith('7');

    const card = screen.getByRole('article', { name: 'Fila B · Asiento 12' });
    for (const text of ['05 diciembre 2030, 08:30PM', 'Oro', 'Bloque A', 'Sección 104', 'Fila B, asiento 12', '$1,250.00', seat.id]) {
      expect(within(card).getByText(text)).toBeInstanceOf(HTMLElement);
    }
    await waitFor(() => expect(within(card).getByRole('img', { name: 'Código QR del boleto Fila B · Asiento 12' }).tagName).toBe('IMG'));
    const qr = within(card).getByRole('img', { name: 'Código QR del boleto Fila B · Asiento 12' });
    await waitFor(() => expect(qr.getAttribute('src') ?? '').toMatch(/^data:image\/svg\+xml/));
    expect(Number(qr.getAttribute('width'))).toBeGreaterThanOrEqual(240);

    const ga = screen.getByRole('article', { name: 'Acceso general' });
    expect(within(ga).getByText('General')).toBeInstanceOf(HTMLElement);
    expect(within(ga).getByText('$450.00')).toBeInstanceOf(HTMLElement);

    const summary = screen.getByRole('complementary', { name: 'Resumen de compra' });
    expect(within(summary).getByText('demo@taquilla.mx')).toBeInstanceOf(HTMLElement);
    expect(within(summary).getByText('Arena Ciudad de México, Ciudad de México')).toBeInstanceOf(HTMLElement);
    expect(within(summary).getByRole('list', { name: 'Boletos comprados' }).textContent).toContain('2 × Sección 104 · Oro');
    expect(within(summary).getByText('Total').nextElementSibling?.textContent).toBe('$1,700.00');

    expect(screen.getByRole('link', { name: '← Volver a mis compras' }).getAttribute('href')).toBe('/perfil/mis_compras?tab=pasados');
    expect(screen.getByRole('button', { name: 'Agregar al calendario' })).toBeInstanceOf(HTMLButtonElement);
  });

  it('full-screen ticket: opens as a dialog, Escape closes, focus returns to its button', async () => {
    api.getMiEvento.mockResolvedValue(detalle(evento, [boleto({ fila: 'C', numero: 3 })]));
    renderAccount('/perfil/mis_compras/7');
    const open = await screen.findByRole('button', { name: 'Ver en pantalla completa' });
    await userEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Luna en vivo' });
    await waitFor(() => expect(within(dialog).getByRole('img', { name: 'Código QR del boleto Fila C · Asiento 3' })).toBeInstanceOf(HTMLImageElement));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(open);
  });

  it('someone else’s event: the server message; any other failure: Error al obtener la lista de boletos', async () => {
    api.getMiEvento.mockRejectedValueOnce(new ApiError({ status: 404, messages: ['No tienes boletos para este evento.'] }));
    renderAccount('/perfil/mis_compras/99');
    expect((await screen.findByRole('alert')).textContent).toContain('No tienes boletos para este evento.');
    cleanup();
    api.getMiEvento.mockRejectedValueOnce(new ApiError({ messages: ['No se pudo conectar con el servidor'] }));
    api.getMiEvento.mockRejectedValueOnce(new ApiError({ status: 500, messages: ['Ocurrió un error inesperado. Inténtalo de nuevo.'] }));
    renderAccount('/perfil/mis_compras/98');
    expect((await screen.findByRole('alert')).textContent).toContain('No se pudo conectar con el servidor');
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Error al obtener la lista de boletos');
  });
});
