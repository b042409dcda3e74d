import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ApiError, savedHold } from '@taquilla/shared';
import type { Seccion } from '@taquilla/shared/schemas/catalogo';
import { BestAvailable, seatCategories } from './BestAvailable';

const api = vi.hoisted(() => ({ mejoresLugares: vi.fn() }));
vi.mock('@taquilla/shared/api/reservas', () => api);

const seccion = (id: number, nombre: string, tipo: Seccion['tipo_seccion'], categorias: [string, number][]): Seccion =>
  ({
    id,
    nombre,
    tipo_seccion: tipo,
    disponiblesPorCategoria: categorias.map(([categoria, disponibles]) => ({ categoria, disponibles })),
  }) as Seccion;

const secciones = [
  seccion(1, 'Pista', 'general', [['General', 50]]),
  seccion(2, 'Luneta Central', 'numerada', [['Luneta centro', 40]]),
  seccion(3, 'Balcón', 'numerada', [['Balcón', 0]]),
];

function Where() {
  return <p data-testid="ruta">{useLocation().pathname}</p>;
}

function renderForm() {
  return render(
    <MemoryRouter initialEntries={['/eventos/7']}>
      <Routes>
        <Route path="/eventos/7" element={<BestAvailable eventoId="7" secciones={secciones} limiteDeAsientos={6} />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const asiento = (fila: string, numero: number) => ({ id: numero, fila, numero, categoria: 'Luneta centro', precio: 85000 });

afterEach(() => {
  cleanup();
  api.mejoresLugares.mockReset();
  savedHold.clear();
});

describe('BestAvailable', () => {
  it('offers only categories with free seats in numbered or table sections', () => {
    expect(seatCategories(secciones)).toEqual(['Luneta centro']);
  });

  it('shows a proposed split, holds it when accepted, hands the hold to checkout and opens the seat page', async () => {
    api.mejoresLugares
      .mockResolvedValueOnce({ reservado: false, seccionId: 2, grupos: 2, asientos: [asiento('A', 1), asiento('A', 2), asiento('A', 9), asiento('A', 10)] })
      .mockResolvedValueOnce({
        reservado: true,
        reservaId: 'r-1',
        id: 'r-1',
        fechaExpiracion: '2026-12-01T00:00:00.000Z',
        seccionId: 2,
        grupos: 2,
        asientos: [],
      });
    renderForm();
    const toggle = screen.getByRole('button', { name: 'Mejores lugares disponibles' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    fireEvent.change(screen.getByLabelText('Cantidad de boletos'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('Correo electrónico'), { target: { value: 'ana@ejemplo.mx' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar mejores lugares' }));
    expect(await screen.findByText('No hay 4 lugares juntos en esta categoría. Te proponemos los mejores 4 en 2 grupos.')).toBeTruthy();
    expect(screen.getByText('Fila A: asientos 1 a 2')).toBeTruthy();
    expect(screen.getByText('Fila A: asientos 9 a 10')).toBeTruthy();
    expect(api.mejoresLugares).toHaveBeenLastCalledWith('7', {
      categoria: 'Luneta centro',
      cantidad: 4,
      separados: false,
      sillaDeRuedas: false,
      nombre: 'Ana',
      correo: 'ana@ejemplo.mx',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Aceptar lugares separados' }));
    await waitFor(() => expect(screen.getByTestId('ruta').textContent).toBe('/eventos/7/2/Luneta%20Central'));
    expect(api.mejoresLugares).toHaveBeenLastCalledWith('7', expect.objectContaining({ separados: true }));
    expect(savedHold.read()).toEqual({ eventoId: '7', reservaId: 'r-1', esGeneral: false, volverA: '/eventos/7/2/Luneta%20Central' });
  });

  it('shows the server’s Spanish refusal in an alert and stays on the page', async () => {
    api.mejoresLugares.mockRejectedValueOnce(
      new ApiError({ status: 409, messages: ['No quedan 4 lugares de esta categoría en una misma sección. Prueba con menos lugares o con otra categoría.'] }),
    );
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Mejores lugares disponibles' }));
    fireEvent.click(screen.getByRole('button', { name: 'Buscar mejores lugares' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No quedan 4 lugares de esta categoría en una misma sección.');
    expect(savedHold.read()).toBeNull();
  });
});
