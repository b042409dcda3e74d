import { describe, expect, it } from 'vitest';
import { listable as ev, listableEvents as events } from '../testing/fixtures';
import { listedOnWeb, sortByFecha } from './event-order';

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
