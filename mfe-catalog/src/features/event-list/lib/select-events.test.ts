import { describe, expect, it } from 'vitest';
import { selectHeroEvents, selectVisibleEvents, sortByFecha, type ListableEvent } from './select-events';

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

describe('sortByFecha', () => {
  it('orders by instant, undated last, and does not mutate its input', () => {
    const copy = [...events];
    expect(sortByFecha(events).map((e) => e.id)).toEqual(['oculto', 'sab', 'lun', 'dic', 'sinfecha']);
    expect(events).toEqual(copy);
  });
  it('breaks ties by name', () => {
    const same = '2026-12-01T02:00:00Z';
    expect(sortByFecha([ev('b', same), ev('a', same)]).map((e) => e.id)).toEqual(['a', 'b']);
  });
});

describe('selectVisibleEvents', () => {
  it('never lists mostrarWeb false and sorts the rest', () => {
    const all = selectVisibleEvents(events, { fecha: 'todas', categorias: [] }, NOW, catOf);
    expect(all.map((e) => e.id)).toEqual(['sab', 'lun', 'dic', 'sinfecha']);
  });
  it('combines date filter and categories (any selected category matches)', () => {
    expect(
      selectVisibleEvents(events, { fecha: 'fin-de-semana', categorias: [] }, NOW, catOf).map((e) => e.id),
    ).toEqual(['sab', 'lun']);
    expect(
      selectVisibleEvents(events, { fecha: 'fin-de-semana', categorias: ['deportes'] }, NOW, catOf).map(
        (e) => e.id,
      ),
    ).toEqual(['lun']);
    expect(
      selectVisibleEvents(events, { fecha: 'todas', categorias: ['teatro', 'deportes'] }, NOW, catOf).map(
        (e) => e.id,
      ),
    ).toEqual(['lun', 'dic']);
  });
  it('returns nothing when no event matches', () => {
    expect(selectVisibleEvents(events, { fecha: 'proxima-semana', categorias: ['teatro'] }, NOW, catOf)).toEqual(
      [],
    );
  });
});

describe('selectHeroEvents', () => {
  it('takes at most three upcoming listed events, soonest first', () => {
    const past = ev('pasado', '2026-11-01T02:00:00Z');
    const extra = ev('ene', '2027-01-10T02:00:00Z');
    expect(selectHeroEvents([past, extra, ...events], NOW).map((e) => e.id)).toEqual(['sab', 'lun', 'dic']);
  });
  it('falls back to listed past events when nothing is upcoming', () => {
    expect(selectHeroEvents([ev('pasado', '2026-11-01T02:00:00Z')], NOW).map((e) => e.id)).toEqual(['pasado']);
  });
});
