import type { FilasPorSeccionResponse } from '@taquilla/shared/schemas/catalogo';
import { describe, expect, it, vi } from 'vitest';
import { connectAvailability, parseAsientosChange, type EventSourceLike } from './availability-stream';
import { SeatDeltas } from './seat-deltas';

const seat = (id: number, estado: 'disponible' | 'reservado' | 'vendido' = 'disponible') => ({
  id,
  numero: id,
  estado,
  precio: 50000,
  categoria: 'A',
  color: '#123456',
  fila: 'A',
});
const snapshot = (version: number, estados: Record<number, 'disponible' | 'reservado' | 'vendido'> = {}): FilasPorSeccionResponse => ({
  seccion: { id: 5, nombre: 'Preferente', tipo_seccion: 'numerada', bloque: 'Bajo' },
  filas: [{ id: 1, nombre: 'A', asientos: [1, 2, 3].map((id) => seat(id, estados[id])), udt: 0, uds: 0, iva: 0, orientacionFilas: 'izquierda', esMesa: false }],
  preciosCategorias: [],
  categoriasEvento: [],
  esMesa: false,
  orientacionFilas: 'izquierda',
  version,
});
const estados = (s: FilasPorSeccionResponse) => s.filas[0]!.asientos.map((a) => a.estado);

describe('SeatDeltas: live deltas on top of the snapshot version held', () => {
  it('skips deltas the snapshot already has and applies newer ones', () => {
    const d = new SeatDeltas(5);
    d.onSnapshot(snapshot(10));
    expect(d.onDelta({ seccionId: 5, version: 9, asientos: [{ id: 1, estado: 'reservado' }] })).toBe(false);
    expect(d.onDelta({ seccionId: 5, version: 10, asientos: [{ id: 1, estado: 'reservado' }] })).toBe(false);
    expect(d.onDelta({ seccionId: 5, version: 11, asientos: [{ id: 1, estado: 'vendido' }] })).toBe(true);
    expect(d.onDelta({ seccionId: 6, version: 12, asientos: [{ id: 1, estado: 'vendido' }] })).toBe(false);
  });

  it('lays the deltas it applied on a snapshot that arrives older (a CDN copy): a sold seat is never shown free again', () => {
    const d = new SeatDeltas(5);
    d.onSnapshot(snapshot(10));
    d.onDelta({ seccionId: 5, version: 11, asientos: [{ id: 1, estado: 'reservado' }] });
    d.onDelta({
      seccionId: 5,
      version: 12,
      asientos: [
        { id: 1, estado: 'vendido' },
        { id: 2, estado: 'reservado' },
      ],
    });
    // A reload answered by a cache with version 11: seat 1 held there, seat 2 free.
    expect(estados(d.onSnapshot(snapshot(11, { 1: 'reservado' })))).toEqual(['vendido', 'reservado', 'disponible']);
    // A newer snapshot has it all: nothing laid on top, and older deltas are skipped from now on.
    const fresh = snapshot(13, { 1: 'vendido', 2: 'disponible' });
    expect(d.onSnapshot(fresh)).toBe(fresh);
    expect(d.onDelta({ seccionId: 5, version: 12, asientos: [{ id: 2, estado: 'reservado' }] })).toBe(false);
  });

  it('reopens the stream from one before the newest version seen (a version may come in several messages)', () => {
    const d = new SeatDeltas(5);
    expect(d.desde).toBeUndefined();
    d.onSnapshot(snapshot(10));
    expect(d.desde).toBe(10);
    d.onDelta({ seccionId: 5, version: 14, asientos: [{ id: 3, estado: 'reservado' }] });
    expect(d.desde).toBe(13);
  });

  it('applies every change from a server without versions', () => {
    const d = new SeatDeltas(5);
    const old = { ...snapshot(0) };
    delete old.version;
    d.onSnapshot(old);
    expect(d.onDelta({ seccionId: 5, asientos: [{ id: 1, estado: 'reservado' }] })).toBe(true);
  });
});

describe('the stream carries versions and asks for a reload', () => {
  it('parses a delta version and the recargar event, and asks the URL again on every open', () => {
    expect(parseAsientosChange(JSON.stringify({ seccionId: 5, version: 7, asientos: [{ id: 1, estado: 'vendido' }] }))).toEqual({
      seccionId: 5,
      version: 7,
      asientos: [{ id: 1, estado: 'vendido' }],
    });
    expect(parseAsientosChange(JSON.stringify({ seccionId: 5, version: -1, asientos: [] }))).toEqual({ seccionId: 5, asientos: [] });

    const urls: string[] = [];
    const sources: { listeners: Map<string, (ev: { data?: unknown }) => void>; es: EventSourceLike & { readyState: number } }[] = [];
    let desde = 10;
    const onRecargar = vi.fn();
    const timers: (() => void)[] = [];
    connectAvailability(
      () => `/disponibilidad?seccion=5&desde=${desde}`,
      { onRecargar },
      {
        create: (url) => {
          urls.push(url);
          const listeners = new Map<string, (ev: { data?: unknown }) => void>();
          const es = {
            readyState: 0,
            onopen: null,
            onerror: null,
            addEventListener: (t: string, l: (ev: { data?: unknown }) => void) => listeners.set(t, l),
            close: () => undefined,
          };
          sources.push({ listeners, es });
          return es;
        },
        setTimeout: (fn) => timers.push(fn),
        clearTimeout: () => undefined,
        random: () => 0.5,
      },
    );
    sources[0]!.listeners.get('recargar')!({ data: JSON.stringify({ seccionId: 5 }) });
    expect(onRecargar).toHaveBeenCalledWith(5);
    // The stream is refused (CLOSED): the reopen asks the URL again, from the version shown now.
    desde = 14;
    sources[0]!.es.readyState = 2;
    (sources[0]!.es.onerror as (ev: Event) => void)(new Event('error'));
    timers.splice(0).forEach((fn) => fn());
    expect(urls).toEqual(['/disponibilidad?seccion=5&desde=10', '/disponibilidad?seccion=5&desde=14']);
  });
});
