import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@taquilla/shared';
import { renderAccount } from '../../../testing/render';
import { miEvento } from '../../../testing/fixtures';

const api = vi.hoisted(() => ({ getMisEventos: vi.fn(), getMiEvento: vi.fn() }));
vi.mock('@taquilla/shared/api/cuenta', () => api);

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const AHORA = '2026-11-26T18:00:00Z'; // 12:00 in Mexico City
const proximos = [
  miEvento({ id: 1, nombre: 'Luna en vivo', fecha: '2026-11-27T02:00:00Z', cantidadBoletos: 1 }), // 20:00 today in CDMX
  miEvento({ id: 2, nombre: 'Orquesta Sinfónica', fecha: '2026-12-01T02:00:00Z', cantidadBoletos: 3, imagenPromocion: '/img/orquesta.jpg' }),
];
const pasados = [miEvento({ id: 3, nombre: 'Teatro Clásico', fecha: '2026-10-01T02:00:00Z' })];

describe('Mis compras', () => {
  it('upcoming events as cards: count on the tab, date label in Mexico City, tickets, links', async () => {
    api.getMisEventos.mockResolvedValue({ proximos, pasados, ahora: AHORA });
    renderAccount('/perfil/mis_compras');
    expect(screen.getByRole('status').textContent).toContain('Cargando tus compras');
    const luna = await screen.findByRole('article', { name: 'Luna en vivo' });
    expect(screen.getByRole('tab', { name: 'Próximos Eventos (2)' }).getAttribute('aria-selected')).toBe('true');
    expect(within(luna).getByText('¡Hoy es el evento!')).toBeInstanceOf(HTMLElement);
    expect(within(luna).getByText('1 Boleto')).toBeInstanceOf(HTMLElement);
    expect(within(luna).getByRole('img', { name: 'Cartel de Luna en vivo' }).getAttribute('data-default-image')).toBe('true');
    expect(within(luna).getByRole('link', { name: 'Ver evento' }).getAttribute('href')).toBe('/eventos/1');
    expect(within(luna).getByRole('link', { name: 'detalle de boleto(s)' }).getAttribute('href')).toBe('/perfil/mis_compras/1');
    const orquesta = screen.getByRole('article', { name: 'Orquesta Sinfónica' });
    expect(within(orquesta).getByText('Dentro de 4 día(s)')).toBeInstanceOf(HTMLElement);
    expect(within(orquesta).getByText('3 Boletos')).toBeInstanceOf(HTMLElement);
    expect(screen.queryByRole('article', { name: 'Teatro Clásico' })).toBeNull();
  });

  it('tab and view live in the URL and are read back from it', async () => {
    api.getMisEventos.mockResolvedValue({ proximos, pasados, ahora: AHORA });
    const { location } = renderAccount('/perfil/mis_compras');
    await screen.findByRole('article', { name: 'Luna en vivo' });
    await userEvent.click(screen.getByRole('tab', { name: 'Eventos Pasados' }));
    const teatro = await screen.findByRole('article', { name: 'Teatro Clásico' });
    expect(within(teatro).getByText('El evento ya pasó')).toBeInstanceOf(HTMLElement);
    expect(location.current).toBe('/perfil/mis_compras?tab=pasados');
    await userEvent.click(screen.getByRole('button', { name: 'Cuadrícula' }));
    expect(location.current).toBe('/perfil/mis_compras?tab=pasados&vista=cuadricula');
    expect(screen.getByRole('button', { name: 'Cuadrícula' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('list', { name: 'Tus eventos' }).className).toContain('purchases--cuadricula');
    // The detail link keeps the state, so 'Volver' lands on the same tab and view.
    expect(within(teatro).getByRole('link', { name: 'detalle de boleto(s)' }).getAttribute('href')).toBe('/perfil/mis_compras/3?tab=pasados&vista=cuadricula');
  });

  it('arrow keys move between tabs', async () => {
    api.getMisEventos.mockResolvedValue({ proximos, pasados, ahora: AHORA });
    const { location } = renderAccount('/perfil/mis_compras?vista=cuadricula');
    await screen.findByRole('article', { name: 'Luna en vivo' });
    expect(screen.getByRole('list', { name: 'Tus eventos' }).className).toContain('purchases--cuadricula');
    screen.getByRole('tab', { name: /Próximos Eventos/ }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Eventos Pasados' }));
    expect(location.current).toBe('/perfil/mis_compras?vista=cuadricula&tab=pasados');
  });

  it('no purchases at all: Aún no tienes compras, with a way to the events', async () => {
    api.getMisEventos.mockResolvedValue({ proximos: [], pasados: [], ahora: AHORA });
    renderAccount('/perfil/mis_compras');
    expect(await screen.findByText('Aún no tienes compras')).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('tab', { name: 'Próximos Eventos (0)' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('link', { name: 'Ver eventos' }).getAttribute('href')).toBe('/eventos');
  });

  it('only past purchases: the upcoming tab says so instead', async () => {
    api.getMisEventos.mockResolvedValue({ proximos: [], pasados, ahora: AHORA });
    renderAccount('/perfil/mis_compras');
    expect(await screen.findByText('No tienes eventos próximos.')).toBeInstanceOf(HTMLElement);
  });

  it('a failed list: Error al obtener la lista de boletos, and Reintentar', async () => {
    api.getMisEventos.mockRejectedValueOnce(new ApiError({ status: 500, messages: ['Ocurrió un error inesperado. Inténtalo de nuevo.'] }));
    api.getMisEventos.mockResolvedValueOnce({ proximos, pasados, ahora: AHORA });
    renderAccount('/perfil/mis_compras');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error al obtener la lista de boletos');
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Luna en vivo' })).toBeInstanceOf(HTMLElement);
  });
});
