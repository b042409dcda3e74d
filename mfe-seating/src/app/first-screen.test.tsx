import { render, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { FirstScreenDeclaration } from '@taquilla/shared/landing';
import { eventoDetalle } from '@taquilla/shared/testing/evento';
import { firstScreenHarness } from '@taquilla/shared/testing/first-screen';
import type { FilasPorSeccionResponse } from '@taquilla/shared/schemas/catalogo';
import firstScreen from './first-screen.json';
import SeatSelection from './SeatSelection';
import VenueMap from './VenueMap';

// Each module's declared first answers (first-screen.json) must be what it asks for first
// (the harness: @taquilla/shared/testing/first-screen).
const screen = firstScreenHarness(firstScreen as FirstScreenDeclaration);
const { inline, left } = screen;

const answers: Record<string, unknown> = {
  '/eventos/7/detalle': eventoDetalle({ id: 7, nombre: 'Luna Roja' }),
  '/eventos/7/detalle_seccion/false/web': { preciosCategorias: [], categoriasEvento: [], secciones: [] },
  '/eventos/7/3/filas_por_seccion': {
    seccion: { id: 3, nombre: 'Sección 101', tipo_seccion: 'numerada', bloque: 'Lateral' },
    filas: [],
    preciosCategorias: [],
    categoriasEvento: [],
    esMesa: false,
    orientacionFilas: 'centro',
    version: 4,
  } satisfies FilasPorSeccionResponse,
};

describe("seating's first-screen declaration is what its modules read first", () => {
  it('VenueMap (below the information page, {id} = the eventoId the shell passes)', async () => {
    const urls = inline('VenueMap', answers);
    expect(urls.length).toBeGreaterThan(0);
    render(
      <MemoryRouter>
        <VenueMap eventoId="7" />
      </MemoryRouter>,
    );
    await waitFor(() => expect(left()).toEqual([]));
    for (const url of urls) expect(screen.network).not.toContain(url);
  });

  it('SeatSelection (the seat page, {eventoId} and {seccionId} from its route)', async () => {
    const urls = inline('SeatSelection', answers, { eventoId: '7', seccionId: '3' });
    expect(urls).toEqual(['/eventos/7/detalle', '/eventos/7/3/filas_por_seccion']);
    render(
      <MemoryRouter initialEntries={['/eventos/7/3/Secci%C3%B3n%20101']}>
        <Routes>
          <Route path="/eventos/:eventoId/:seccionId/:seccion" element={<SeatSelection />} />
        </Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect(left()).toEqual([]));
    for (const url of urls) expect(screen.network).not.toContain(url);
  });
});
