import { describe, expect, it } from 'vitest';
import type { ListableEvent } from '../../../lib/event-order';
import { selectVisibleEvents } from './select-events';

interface E extends ListableEvent {
  categoria: string | null;
}
const ev = (id: string, fecha: string, categoria: string | null = 'musica', extra: Partial<E> = {}): E => ({
  id,
  nombre: id,
  fecha,
  categoria,
  mostrarWeb: true,
  ...extra,
});
const NOW = new Date('2026-11-25T18:00:00Z'); // Wednesday noon in Mexico City
const catOf = (e: E) => e.categoria;

const events: E[] = [
  ev('dic', '2026-12-20T03:00:00Z', 'teatro'),
  ev('sab', '2026-11-28T21:00:00Z'),
  ev('oculto', '2026-11-27T21:00:00Z', 'musica', { mostrarWeb: false }),
  ev('lun', '2026-11-30T02:00:00Z', 'deportes'), // Sunday 29 Nov, 20:00 local
  ev('sinfecha', 'pendiente'),
];

describe('selectVisibleEvents', () => {
  it('never lists mostrarWeb false and sorts the rest', () => {
    const all = selectVisibleEvents(events, { fecha: 'todas', categorias: [] }, NOW, catOf);
    expect(all.map((e) => e.id)).toEqual(['sab', 'lun', 'dic', 'sinfecha']);
  });
  it('combines date filter and categories (any selected category matches)', () => {
    expect(selectVisibleEvents(events, { fecha: 'fin-de-semana', categorias: [] }, NOW, catOf).map((e) => e.id)).toEqual(['sab', 'lun']);
    expect(selectVisibleEvents(events, { fecha: 'fin-de-semana', categorias: ['deportes'] }, NOW, catOf).map((e) => e.id)).toEqual(['lun']);
    expect(selectVisibleEvents(events, { fecha: 'todas', categorias: ['teatro', 'deportes'] }, NOW, catOf).map((e) => e.id)).toEqual(['lun', 'dic']);
  });
  it('returns nothing when no event matches', () => {
    expect(selectVisibleEvents(events, { fecha: 'proxima-semana', categorias: ['teatro'] }, NOW, catOf)).toEqual([]);
  });
});
