import { describe, expect, it } from 'vitest';
import { listedOnWeb, sortByFecha, type ListableEvent } from './event-order';

const ev = (id: string, fecha: string, extra: Partial<ListableEvent> = {}): ListableEvent => ({
  id,
  nombre: id,
  fecha,
  mostrarWeb: true,
  ...extra,
});
const events: ListableEvent[] = [
  ev('dic', '2026-12-20T03:00:00Z'),
  ev('sab', '2026-11-28T21:00:00Z'),
  ev('oculto', '2026-11-27T21:00:00Z', { mostrarWeb: false }),
  ev('lun', '2026-11-30T02:00:00Z'),
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

describe('listedOnWeb', () => {
  it('drops only events explicitly hidden from the web', () => {
    expect(listedOnWeb(events).map((e) => e.id)).toEqual(['dic', 'sab', 'lun', 'sinfecha']);
  });
});
