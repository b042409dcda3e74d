import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ApiError, bus, generalRequestAtom, holdAtom, initialHoldState, store as page, type BusEvents, type HoldState } from '@taquilla/shared';
import type { EventoDetalle, FilasPorSeccionResponse } from '@taquilla/shared/schemas/catalogo';
import type { DetalleSeccionResponse } from '@taquilla/shared/schemas/catalogo';
import EventDetail from './EventDetail';
import SeatSelection from './SeatSelection';
import VenueMap from './VenueMap';

const api = vi.hoisted(() => ({
  getEventoDetalle: vi.fn(),
  getDetalleSeccion: vi.fn(),
  getFilasPorSeccion: vi.fn(),
}));
vi.mock('@taquilla/shared/api/catalogo', () => api);

const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" role="img" aria-label="Mapa">' +
  '<script>window.__pwned = true</script>' +
  '<g data-seccion="pista" data-seccion-id="1" onclick="window.__pwned = true"><path d="M0 0H50V50Z"/></g>' +
  '<g data-seccion="s101" data-seccion-id="2"><path d="M50 50H100V100Z"/></g></svg>';

const evento = (over: Partial<EventoDetalle> = {}): EventoDetalle => ({
  id: 1,
  nombre: 'Luna Roja — Gira Eclipse',
  descripcion: '',
  fecha: '2026-12-05T03:00:00.000Z',
  zonaHoraria: 'America/Mexico_City',
  imagenBanner: null,
  imagenPromocion: null,
  categoria: { id: 1, nombre: 'Conciertos' },
  artista: { nombre: 'Luna Roja' },
  recinto: { id: 1, nombre: 'Arena Ciudad de México', direccion: '', svg },
  ciudad: { nombre: 'Ciudad de México' },
  mostrarWeb: true,
  limiteDeAsientos: 3,
  usoDeTarjeta: 350,
  usoDeServicio: 1000,
  ivaRate: 1600,
  isIvaApplied: true,
  udsPorCategoria: false,
  precioDesde: 45000,
  ...over,
});

const seccion = (id: number, nombre: string, tipo: 'general' | 'numerada', over: object = {}) => ({
  id,
  nombre,
  bloque: { id: 1, nombre: 'B' },
  tipo_seccion: tipo,
  precioSeccion: 95000,
  nombreEspecial: null,
  seccionAdicional: false,
  asientosDisponibles: 10,
  capacidad: 10,
  disponiblesPorCategoria: [{ categoria: tipo === 'general' ? 'General Pista' : 'Lateral', disponibles: 10 }],
  colores: ['#fff'],
  uds: null,
  ...over,
});

const detalleSeccion: DetalleSeccionResponse = {
  secciones: [
    seccion(1, 'Pista General', 'general'),
    seccion(2, 'Sección 101', 'numerada', { disponiblesPorCategoria: [{ categoria: 'Lateral', disponibles: 0 }], asientosDisponibles: 0 }),
    seccion(3, 'Acceso Fan Zone', 'general', { seccionAdicional: true, nombreEspecial: 'Experiencia Fan Zone', precioSeccion: 45000 }),
  ],
  preciosCategorias: [
    { categoria: 'General Pista', color: '#06b6d4', precios: [95000] },
    { categoria: 'Cortesía', color: '#000', precios: [0] },
    { categoria: 'Lateral', color: '#8b5cf6', precios: [110000, 120000] },
  ],
  categoriasEvento: [
    { categoria: 'General Pista', cargoPorCategoria: null },
    { categoria: 'Cortesía', cargoPorCategoria: null },
    { categoria: 'Lateral', cargoPorCategoria: 800 },
  ],
};

const filas: FilasPorSeccionResponse = {
  seccion: { id: 2, nombre: 'Sección 101', tipo_seccion: 'numerada', bloque: 'Lateral' },
  filas: ['A', 'B'].map((nombre, r) => ({
    id: r + 1,
    nombre,
    asientos: [1, 2, 3].map((numero) => ({
      id: r * 10 + numero,
      numero,
      estado: r === 0 && numero === 1 ? ('vendido' as const) : ('disponible' as const),
      precio: 120000,
      categoria: 'Lateral',
      color: '#8b5cf6',
      fila: nombre,
    })),
    udt: 350,
    uds: 1000,
    iva: 1600,
    orientacionFilas: 'centro' as const,
    esMesa: false,
  })),
  preciosCategorias: [],
  categoriasEvento: [],
  esMesa: false,
  orientacionFilas: 'centro',
};

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/eventos/:id" element={<EventDetail />} />
        <Route path="/eventos/informacion/:id" element={<VenueMap eventoId="1" />} />
        <Route path="/eventos/:eventoId/:seccionId/:seccion" element={<SeatSelection />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );

/** The page's hold as checkout leaves it (checkout's own tests drive the real transitions). */
const holdIs = (state: HoldState) => act(() => page.set(holdAtom, state));
const held = (asientos: number[]) =>
  ({
    status: 'held',
    hold: {
      eventoId: '1',
      reservaId: 'r-1',
      esGeneral: false,
      fechaExpiracion: '2026-12-01T00:00:00Z',
      offsetMs: 0,
      detalle: {
        seccionId: 2,
        cantidad: asientos.length,
        asientos: asientos.map((id) => ({ id, numero: id, fila: 'A', categoria: 'Lateral', precio: 120000 })),
      },
    },
    cancelling: false,
    error: null,
  }) as const;

beforeEach(() => {
  api.getEventoDetalle.mockResolvedValue(evento());
  api.getDetalleSeccion.mockResolvedValue(detalleSeccion);
  api.getFilasPorSeccion.mockResolvedValue(filas);
});
afterEach(() => {
  cleanup();
  page.set(holdAtom, initialHoldState);
  bus.all.clear();
  vi.clearAllMocks();
});

describe('EventDetail / VenueMap', () => {
  it('shows the event, price chips in order without 0-priced ones, and the extra tickets outside the map', async () => {
    renderAt('/eventos/1');
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Luna Roja — Gira Eclipse' })).not.toBeNull());
    const chips = screen.getByRole('region', { name: 'Precios por categoría' });
    expect([...chips.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      // All-in: + 10 % service, 3.5 % card, 16 % IVA (the event does not use per-category fees).
      'Lateral$1,100.00 – $1,200.00Precio final $1,424.50 – $1,554.00 con cargos e IVA',
      'General Pista$950.00Precio final $1,230.25 con cargos e IVA',
    ]);
    expect(screen.getByRole('button', { name: /Experiencia Fan Zone/ }).textContent).toContain('$450.00');
    expect(document.body.textContent).not.toMatch(/v0\.0\.0/);
  });

  it('sanitises the venue SVG and turns its sections into named buttons', async () => {
    renderAt('/eventos/1');
    const pista = await screen.findByRole('button', { name: /^Pista General, sección general/ });
    expect(pista.getAttribute('tabindex')).toBe('0');
    expect(pista.getAttribute('onclick')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sección 101, sección numerada. Lateral: Agotado' })).not.toBeNull();
  });

  it('shows the section tooltip on focus with Agotado', async () => {
    renderAt('/eventos/1');
    const s101 = await screen.findByRole('button', { name: /^Sección 101/ });
    fireEvent.focus(s101);
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toBe('Sección 101NumeradaLateral: Agotado');
  });

  it('a general section asks checkout for the modal; a numbered one opens its seat page (Enter)', async () => {
    renderAt('/eventos/1');
    fireEvent.click(await screen.findByRole('button', { name: /^Pista General/ }));
    expect(page.get(generalRequestAtom)).toEqual({ eventoId: '1', seccionId: '1', seccionNombre: 'Pista General' });
    page.set(generalRequestAtom, null);
    fireEvent.keyDown(screen.getByRole('button', { name: /^Sección 101/ }), { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe('/eventos/1/2/Secci%C3%B3n%20101');
  });

  it('says the event is not available when mostrarWeb is false', async () => {
    api.getEventoDetalle.mockResolvedValue(evento({ mostrarWeb: false }));
    renderAt('/eventos/1');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Este evento no se encuentra disponible' })).not.toBeNull());
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('on the information page, a hidden or unknown event leaves the map out (the catalog already says why)', async () => {
    api.getEventoDetalle.mockResolvedValue(evento({ mostrarWeb: false }));
    const hidden = renderAt('/eventos/informacion/1');
    await waitFor(() => expect(api.getEventoDetalle).toHaveBeenCalled());
    await waitFor(() => expect(hidden.container.querySelector('.venue')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Este evento no se encuentra disponible' })).toBeNull();
    hidden.unmount();

    api.getEventoDetalle.mockRejectedValue(new ApiError({ status: 404, messages: ['El evento no existe.'] }));
    const unknown = renderAt('/eventos/informacion/1');
    await waitFor(() => expect(unknown.container.querySelector('[role="status"]')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(unknown.container.querySelector('.venue')).toBeNull();
  });
});

describe('SeatSelection', () => {
  it('heads the page with the section, names rows on both sides and starts with an empty panel', async () => {
    renderAt('/eventos/1/2/Secci%C3%B3n%20101');
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Sección: Sección 101' })).not.toBeNull());
    expect(screen.getByRole('link', { name: 'Volver al evento' }).getAttribute('href')).toBe('/eventos/1');
    // The heading shows while the seats load ('Cargando asientos…'); the rows come with them.
    expect(await screen.findAllByText('A')).toHaveLength(2);
    expect(screen.queryByText('No has seleccionado asientos.')).not.toBeNull();
    for (const label of ['Seleccionado', 'Reservado', 'Vendido', 'Ocupado', 'Bloqueado', 'Inaccesible', 'Cortesía']) {
      expect(screen.getByRole('list', { name: 'Simbología de asientos' }).textContent).toContain(label);
    }
  });

  it('selects and releases seats from the keyboard, announcing them and the selection on the bus', async () => {
    const changes: BusEvents['seating:selection-changed'][] = [];
    bus.on('seating:selection-changed', (e) => changes.push(e));
    renderAt('/eventos/1/2/Secci%C3%B3n%20101');
    const canvas = await screen.findByRole('application', { name: /Asientos de Sección 101/ });
    fireEvent.focus(canvas);
    // focus starts on the first free seat: A2 (A1 is sold)
    expect(screen.getByRole('status').textContent).toBe('Fila A, asiento 2: disponible, Lateral, $1,200.00, $1,554.00 con cargos e IVA.');
    fireEvent.keyDown(canvas, { key: 'Enter' });
    fireEvent.keyDown(canvas, { key: 'ArrowDown' });
    fireEvent.keyDown(canvas, { key: ' ' });
    const panel = screen.getByRole('list', { name: 'Asientos seleccionados' });
    expect(panel.textContent).toBe('Lateral · Fila A, asiento 2$1,200.00Lateral · Fila B, asiento 2$1,200.00');
    expect(screen.queryByText('2 asientos seleccionados')).not.toBeNull();
    expect(changes.at(-1)).toEqual({
      eventoId: '1',
      seccionId: '2',
      asientos: [
        { id: 2, numero: 2, fila: 'A', categoria: 'Lateral', color: '#8b5cf6', precio: 120000 },
        { id: 12, numero: 2, fila: 'B', categoria: 'Lateral', color: '#8b5cf6', precio: 120000 },
      ],
    });
    fireEvent.keyDown(canvas, { key: 'Enter' });
    expect(screen.queryByText('1 asiento seleccionado')).not.toBeNull();
    // the sold seat does not toggle
    fireEvent.keyDown(canvas, { key: 'ArrowUp' });
    fireEvent.keyDown(canvas, { key: 'Home' });
    fireEvent.keyDown(canvas, { key: 'Enter' });
    expect(screen.getByRole('status').textContent).toBe('Fila A, asiento 1: vendido, Lateral.');
    expect(changes.at(-1)!.asientos.map((a) => a.id)).toEqual([2]);
  });

  it('a click focuses the map without the keyboard ring; the first key shows it on the clicked seat', async () => {
    renderAt('/eventos/1/2/Secci%C3%B3n%20101');
    const canvas = await screen.findByRole('application', { name: /Asientos de Sección 101/ });
    const ring = () => document.querySelector('.seat-focus');
    // the press that focuses the canvas (as a mouse's does), then its click on A3 (row 0, column 2)
    fireEvent.pointerDown(canvas);
    fireEvent.focus(canvas);
    expect(ring()).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
    const cell = 24;
    canvas.getBoundingClientRect = () => ({ left: 0, top: 0, right: 240, bottom: 240, width: 240, height: 240, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.click(canvas, { clientX: 2 * cell + 5, clientY: 5 });
    expect(screen.queryByText('1 asiento seleccionado')).not.toBeNull();
    expect(screen.getByRole('status').textContent).toMatch(/^Fila A, asiento 3: seleccionado/);
    expect(ring()).toBeNull();
    fireEvent.keyDown(canvas, { key: 'ArrowLeft' });
    expect((ring() as HTMLElement | null)?.style.left).toBe(`${1 * cell}px`);
    expect(screen.getByRole('status').textContent).toMatch(/^Fila A, asiento 2: disponible/);
    // leaving and coming back by keyboard (no press): ring and read-out at once
    fireEvent.blur(canvas);
    expect(ring()).toBeNull();
    fireEvent.focus(canvas);
    expect(ring()).not.toBeNull();
  });

  it('turns the back link into the cancel arrow while a hold is live, and asks checkout to cancel', async () => {
    const cancel = vi.fn();
    bus.on('seating:cancel-requested', cancel);
    renderAt('/eventos/1/2/Secci%C3%B3n%20101');
    await screen.findByRole('link', { name: 'Volver al evento' });
    await screen.findByRole('application');
    holdIs(held([]));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar la compra' }));
    expect(cancel).toHaveBeenCalledWith({ eventoId: '1', reservaId: 'r-1' });
    holdIs({ status: 'cancelled', hold: held([]).hold });
    act(() => bus.emit('checkout:released', { eventoId: '1', reservaId: 'r-1', reason: 'cancelled' }));
    expect(screen.queryByRole('link', { name: 'Volver al evento' })).not.toBeNull();
    await waitFor(() => expect(api.getFilasPorSeccion).toHaveBeenCalledTimes(2));
  });

  it("the page's hold with its seats (restored after a reload or 3-D Secure) shows them as the buyer's selection", async () => {
    api.getFilasPorSeccion.mockResolvedValue({
      ...filas,
      filas: filas.filas.map((f) => ({ ...f, asientos: f.asientos.map((a) => (a.id === 2 || a.id === 3 ? { ...a, estado: 'reservado' as const } : a)) })),
    });
    renderAt('/eventos/1/2/Secci%C3%B3n%20101');
    await screen.findByRole('application');
    expect(screen.queryByText('0 asientos seleccionados')).not.toBeNull();
    holdIs(held([2, 3]));
    expect(screen.queryByText('2 asientos seleccionados')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancelar la compra' })).not.toBeNull();
  });

  describe('live seat changes', () => {
    class FakeEventSource {
      static last: FakeEventSource | null = null;
      readyState = 1;
      onopen: ((e: Event) => void) | null = null;
      onerror: ((e: Event) => void) | null = null;
      listeners = new Map<string, (e: { data?: unknown }) => void>();
      constructor(readonly url: string) {
        FakeEventSource.last = this;
      }
      addEventListener(type: string, fn: (e: { data?: unknown }) => void) {
        this.listeners.set(type, fn);
      }
      close() {}
      push(type: string, data: unknown) {
        act(() => this.listeners.get(type)?.({ data: JSON.stringify(data) }));
      }
    }

    beforeEach(() => vi.stubGlobal('EventSource', FakeEventSource));
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    });

    async function selectA2() {
      renderAt('/eventos/1/2/Secci%C3%B3n%20101');
      const canvas = await screen.findByRole('application');
      fireEvent.focus(canvas);
      fireEvent.keyDown(canvas, { key: 'Enter' }); // A2
      expect(screen.queryByText('1 asiento seleccionado')).not.toBeNull();
      expect(FakeEventSource.last!.url).toContain('/eventos/1/disponibilidad?apiKey=');
      vi.useFakeTimers();
      return canvas;
    }

    it("a seat someone else holds turns reservado and leaves the buyer's selection with a warning", async () => {
      const toasts = vi.fn();
      bus.on('ui:toast', toasts);
      const canvas = await selectA2();
      FakeEventSource.last!.push('asientos', {
        seccionId: 2,
        asientos: [
          { id: 2, estado: 'reservado' },
          { id: 3, estado: 'reservado' },
        ],
      });
      fireEvent.keyDown(canvas, { key: 'ArrowRight' });
      expect(screen.getByRole('status').textContent).toBe('Fila A, asiento 3: reservado, Lateral, $1,200.00, $1,554.00 con cargos e IVA.');
      // At once: no hold of this page asked for it.
      expect(screen.queryByText('No has seleccionado asientos.')).not.toBeNull();
      expect(toasts).toHaveBeenCalledWith({ kind: 'warning', message: expect.stringContaining('apartado por alguien más') });
    });

    it('keeps the selection when the push was about our own hold, even before its answer', async () => {
      const toasts = vi.fn();
      bus.on('ui:toast', toasts);
      await selectA2();
      holdIs({ status: 'reserving', asientoIds: [2] });
      FakeEventSource.last!.push('asientos', { seccionId: 2, asientos: [{ id: 2, estado: 'reservado' }] });
      expect(screen.queryByText('1 asiento seleccionado')).not.toBeNull();
      holdIs(held([2]));
      act(() => vi.advanceTimersByTime(5000));
      expect(toasts).not.toHaveBeenCalled();
      expect(screen.queryByText('1 asiento seleccionado')).not.toBeNull();
      expect(screen.queryByRole('button', { name: 'Cancelar la compra' })).not.toBeNull();
    });

    it('ignores pushes about other sections', async () => {
      await selectA2();
      FakeEventSource.last!.push('asientos', { seccionId: 3, asientos: [{ id: 2, estado: 'vendido' }] });
      act(() => vi.advanceTimersByTime(5000));
      expect(screen.queryByText('1 asiento seleccionado')).not.toBeNull();
    });

    it('with the stream refused (a full server, too many from one address), the seat page polls its section and shows a seat held elsewhere', async () => {
      const canvas = await selectA2();
      const refused = FakeEventSource.last!;
      refused.readyState = 2;
      act(() => refused.onerror?.(new Event('error')));
      const calls = api.getFilasPorSeccion.mock.calls.length;
      // Someone else holds A3 meanwhile; no push arrives.
      api.getFilasPorSeccion.mockResolvedValue({
        ...filas,
        filas: filas.filas.map((f) => ({ ...f, asientos: f.asientos.map((a) => (a.id === 3 ? { ...a, estado: 'reservado' as const } : a)) })),
      });
      await act(async () => vi.advanceTimersByTime(6000));
      expect(api.getFilasPorSeccion.mock.calls.length).toBeGreaterThan(calls);
      fireEvent.keyDown(canvas, { key: 'ArrowRight' });
      expect(screen.getByRole('status').textContent).toMatch(/^Fila A, asiento 3: reservado/);
      // The buyer's own selection stays, and the stream is tried again.
      expect(screen.queryByText('1 asiento seleccionado')).not.toBeNull();
      expect(FakeEventSource.last).not.toBe(refused);
    });
  });
});
