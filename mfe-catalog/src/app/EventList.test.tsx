import { act, cleanup, render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, ApiError } from '@taquilla/shared';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { categorias, evento } from '../testing/fixtures';
import EventList from './EventList';

const api = vi.hoisted(() => ({ getEventos: vi.fn(), getCategorias: vi.fn() }));
vi.mock('@taquilla/shared/api/catalogo', () => api);

// Wednesday 25 Nov 2026, noon in Mexico City: weekend = Fri 27 – Sun 29, next week = 30 Nov – 6 Dec.
const NOW = new Date('2026-11-25T18:00:00Z');
const eventos = [
  evento({ id: 1, nombre: 'Obra del domingo', fecha: '2026-11-30T05:30:00.000Z', categoria: { id: 2, nombre: 'Teatro' } }), // Sun 23:30 local
  evento({ id: 2, nombre: 'Concierto del jueves', fecha: '2026-11-27T02:00:00.000Z' }), // Thu 20:00 local
  evento({ id: 3, nombre: 'Partido de diciembre', fecha: '2026-12-20T01:00:00.000Z', categoria: { id: 3, nombre: 'Deportes' } }),
  evento({ id: 4, nombre: 'Evento oculto', fecha: '2026-11-28T02:00:00.000Z', mostrarWeb: false }),
  evento({ id: 5, nombre: 'Concierto del martes', fecha: '2026-12-02T02:00:00.000Z' }),
];

let location = '';
function LocationProbe() {
  const l = useLocation();
  location = `${l.pathname}${l.search}`;
  return null;
}
function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <EventList />
      <LocationProbe />
    </MemoryRouter>,
  );
}
const gridNames = () =>
  within(screen.getByRole('list', { name: 'Eventos' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  api.getEventos.mockResolvedValue(eventos);
  api.getCategorias.mockResolvedValue(categorias);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
  bus.all.clear();
});

describe('EventList', () => {
  it('lists web events sorted by date, with their links, under one h1 and an h2', async () => {
    renderAt('/eventos');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Concierto del jueves' })).not.toBeNull());
    expect(gridNames()).toEqual(['Concierto del jueves', 'Obra del domingo', 'Concierto del martes', 'Partido de diciembre']);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByRole('heading', { level: 2, name: 'Próximos eventos' })).not.toBeNull();
    const card = screen.getByRole('article', { name: 'Obra del domingo' });
    expect(within(card).getByRole('link', { name: 'Obra del domingo' }).getAttribute('href')).toBe('/eventos/1');
    expect(
      within(card)
        .getByRole('link', { name: /^Más información/ })
        .getAttribute('href'),
    ).toBe('/eventos/informacion/1');
    expect(
      within(card)
        .getByRole('link', { name: /^Comprar boletos/ })
        .getAttribute('href'),
    ).toBe('/eventos/1');
    expect(within(card).queryByText('Desde $500.00')).not.toBeNull();
    // The 23:30 Sunday event keeps its local day on the badge.
    expect(within(card).getByText('29').closest('time')?.getAttribute('datetime')).toBe('2026-11-30T05:30:00.000Z');
  });

  it('filters by date instantly, without refetching, and writes the filter into the URL', async () => {
    const user = userEvent.setup();
    renderAt('/eventos');
    await screen.findByRole('heading', { name: 'Concierto del jueves' });
    await user.click(screen.getByRole('button', { name: 'Este fin de semana' }));
    expect(gridNames()).toEqual(['Obra del domingo']);
    expect(location).toBe('/eventos?fecha=fin-de-semana');
    await user.click(screen.getByRole('button', { name: 'Próxima semana' }));
    expect(gridNames()).toEqual(['Concierto del martes']);
    await user.click(screen.getByRole('button', { name: 'Próximamente' }));
    expect(gridNames()).toEqual(['Partido de diciembre']);
    await user.click(screen.getByRole('button', { name: 'Esta semana' }));
    expect(gridNames()).toEqual(['Concierto del jueves', 'Obra del domingo']);
    await user.click(screen.getByRole('button', { name: 'Todas las fechas' }));
    expect(gridNames()).toHaveLength(4);
    expect(location).toBe('/eventos');
    expect(api.getEventos).toHaveBeenCalledTimes(1);
  });

  it('toggles category chips on and off, with Todos clearing them', async () => {
    const user = userEvent.setup();
    renderAt('/eventos');
    await screen.findByRole('heading', { name: 'Concierto del jueves' });
    const chips = screen.getByRole('group', { name: 'Filtrar por categoría' });
    const todos = within(chips).getByRole('button', { name: 'Todos' });
    const teatro = within(chips).getByRole('button', { name: 'Teatro' });
    const deportes = within(chips).getByRole('button', { name: 'Deportes' });
    expect(todos.getAttribute('aria-pressed')).toBe('true');

    await user.click(teatro);
    expect(teatro.getAttribute('aria-pressed')).toBe('true');
    expect(todos.getAttribute('aria-pressed')).toBe('false');
    expect(gridNames()).toEqual(['Obra del domingo']);
    await user.click(deportes);
    expect(gridNames()).toEqual(['Obra del domingo', 'Partido de diciembre']);
    expect(location).toBe('/eventos?categorias=2%2C3');
    await user.click(teatro);
    expect(gridNames()).toEqual(['Partido de diciembre']);
    await user.click(todos);
    expect(gridNames()).toHaveLength(4);
    expect(todos.getAttribute('aria-pressed')).toBe('true');
    expect(location).toBe('/eventos');
  });

  it('restores filters from a shared URL and shows the empty state when nothing matches', async () => {
    renderAt('/eventos?fecha=fin-de-semana&categorias=3');
    await waitFor(() => expect(screen.queryByText('No hay eventos disponibles.')).not.toBeNull());
    expect(screen.getByRole('button', { name: 'Este fin de semana' }).getAttribute('aria-pressed')).toBe('true');
    expect(
      within(screen.getByRole('group', { name: 'Filtrar por categoría' }))
        .getByRole('button', { name: 'Deportes' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('shows a loading state first', async () => {
    api.getEventos.mockReturnValue(new Promise(() => {}));
    renderAt('/eventos');
    expect(screen.queryByText('Cargando eventos…')).not.toBeNull();
    await act(async () => {});
  });

  it('on failure asks the shell for the toast and shows the server message', async () => {
    const toasts: unknown[] = [];
    bus.on('ui:toast', (t) => toasts.push(t));
    api.getEventos.mockRejectedValue(new ApiError({ status: 503, messages: ['Servicio en mantenimiento'] }));
    renderAt('/eventos');
    expect((await screen.findByRole('alert')).textContent).toBe('Servicio en mantenimiento');
    expect(toasts).toEqual([{ kind: 'error', message: 'Error al obtener la lista de eventos' }]);
  });

  it('falls back to the generic message when the server gave none', async () => {
    api.getEventos.mockRejectedValue(new Error('boom'));
    renderAt('/eventos');
    expect((await screen.findByRole('alert')).textContent).toBe('Error al obtener los eventos.');
  });
});
