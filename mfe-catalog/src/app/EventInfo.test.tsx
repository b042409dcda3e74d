import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@taquilla/shared';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventoDetalle } from '../testing/fixtures';
import EventInfo from './EventInfo';

const api = vi.hoisted(() => ({ getEventoDetalle: vi.fn() }));
vi.mock('@taquilla/shared/api/catalogo', () => api);

function renderInfo(id = '7') {
  return render(
    <MemoryRouter initialEntries={[`/eventos/informacion/${id}`]}>
      <Routes>
        <Route path="/eventos/informacion/:id" element={<EventInfo />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('EventInfo', () => {
  it('shows the banner fields, location and a buy button for the event in the URL', async () => {
    // The fixture's date is fixed: judge "upcoming" as of a day before it.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-01T12:00:00Z'));
    api.getEventoDetalle.mockResolvedValue(
      eventoDetalle({
        id: 7,
        nombre: 'Noche de Jazz',
        artista: { nombre: 'Trío Azul' },
        ciudad: { nombre: 'Guadalajara' },
        recinto: { id: 2, nombre: 'Teatro Degollado', direccion: 'Belén s/n, Centro' },
        fecha: '2026-12-06T05:30:00.000Z',
      }),
    );
    const { container } = renderInfo('7');
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Noche de Jazz' })).not.toBeNull());
    expect(api.getEventoDetalle).toHaveBeenCalledWith('7');
    expect(screen.queryByText('Trío Azul')).not.toBeNull();
    expect(screen.getAllByText('Guadalajara').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Teatro Degollado').length).toBeGreaterThan(0);
    expect(screen.queryByText(/Belén s\/n, Centro/)).not.toBeNull();
    // 23:30 local on Saturday 5 Dec, in the shared es-MX pattern.
    expect(screen.queryByText('05 diciembre 2026, 11:30PM')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Comprar boletos' }).getAttribute('href')).toBe('/eventos/7');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(container.querySelector('[data-remote-version]')).toBeTruthy();
    // Set by an effect after the data renders: wait for it rather than read it at once.
    await waitFor(() => expect(document.title).toBe('Noche de Jazz · Taquilla'));
  });

  it('a past event says so instead of offering tickets', async () => {
    api.getEventoDetalle.mockResolvedValue(eventoDetalle({ id: 5, nombre: 'Ya fue', fecha: '2020-01-10T03:00:00.000Z' }));
    renderInfo('5');
    await waitFor(() => expect(screen.queryByText('El evento ya pasó')).not.toBeNull());
    expect(screen.queryByRole('link', { name: 'Comprar boletos' })).toBeNull();
  });

  it.each(['abc', '0', '1.5', '99999999999'])("a malformed id '%s' is 'El evento no existe.' without asking the API", async (id) => {
    renderInfo(id);
    expect((await screen.findByRole('alert')).textContent).toBe('El evento no existe.');
    expect(api.getEventoDetalle).not.toHaveBeenCalled();
  });

  it('renders the description as text, never as HTML', async () => {
    const descripcion = '<img src=x onerror="alert(1)"><b>Gratis</b>\nSegunda línea';
    api.getEventoDetalle.mockResolvedValue(eventoDetalle({ id: 8, descripcion }));
    const { container } = renderInfo('8');
    const paragraph = (await screen.findByRole('heading', { name: 'Descripción' })).nextElementSibling;
    expect(paragraph?.textContent).toBe(descripcion);
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });

  it('falls back to the default image when the banner is missing', async () => {
    api.getEventoDetalle.mockResolvedValue(eventoDetalle({ id: 9, nombre: 'Sin foto', imagenBanner: null, imagenPromocion: null }));
    renderInfo('9');
    const img = await screen.findByRole('img', { name: 'Banner de Sin foto' });
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });

  it('shows the server message on failure', async () => {
    api.getEventoDetalle.mockRejectedValue(new ApiError({ status: 404, messages: ['El evento no existe'] }));
    renderInfo('404');
    expect((await screen.findByRole('alert')).textContent).toBe('El evento no existe');
  });

  it("shows 'Error al obtener el evento.' when there is no server message", async () => {
    api.getEventoDetalle.mockRejectedValue(new ApiError({ status: 500, messages: ['Ocurrió un error inesperado. Inténtalo de nuevo.'] }));
    renderInfo('1');
    expect((await screen.findByRole('alert')).textContent).toBe('Error al obtener el evento.');
  });

  it('says the event is not available when it is hidden from the web', async () => {
    api.getEventoDetalle.mockResolvedValue(eventoDetalle({ id: 3, mostrarWeb: false }));
    renderInfo('3');
    await waitFor(() => expect(screen.queryByText('Este evento no se encuentra disponible')).not.toBeNull());
    expect(screen.queryByRole('link', { name: 'Comprar boletos' })).toBeNull();
  });
});
