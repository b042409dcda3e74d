import type { Categoria, Evento, EventoDetalle } from '@taquilla/shared/schemas/catalogo';
import { evento } from '@taquilla/shared/testing/evento';
import type { ListableEvent } from '../lib/event-order';

export const categorias: Categoria[] = [
  { id: 1, nombre: 'Conciertos' },
  { id: 2, nombre: 'Teatro' },
  { id: 3, nombre: 'Deportes' },
];

export { evento };

export function eventoDetalle(overrides: Partial<Evento> = {}): EventoDetalle {
  const base = evento(overrides);
  return { ...base, recinto: { ...base.recinto, svg: '<svg></svg>' } };
}

/** A listable event named by its id ('dic', 'sab', …), listed on the web unless `extra` says otherwise. */
export const listable = (id: string, fecha: string, extra: Partial<ListableEvent> = {}): ListableEvent => ({
  id,
  nombre: id,
  fecha,
  mostrarWeb: true,
  ...extra,
});

/** Four dated events out of order (one hidden from the web) and one without a date. */
export const listableEvents: ListableEvent[] = [
  listable('dic', '2026-12-20T03:00:00Z'),
  listable('sab', '2026-11-28T21:00:00Z'),
  listable('oculto', '2026-11-27T21:00:00Z', { mostrarWeb: false }),
  listable('lun', '2026-11-30T02:00:00Z'),
  listable('sinfecha', 'pendiente'),
];
