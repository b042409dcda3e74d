import { describe, expect, it } from 'vitest';
import type { ListableEvent } from '../../../lib/event-order';
import { selectHeroEvents } from './select-hero-events';

const ev = (id: string, fecha: string, extra: Partial<ListableEvent> = {}): ListableEvent => ({
  id,
  nombre: id,
  fecha,
  mostrarWeb: true,
  ...extra,
});
const NOW = new Date('2026-11-25T18:00:00Z');
const events: ListableEvent[] = [
  ev('dic', '2026-12-20T03:00:00Z'),
  ev('sab', '2026-11-28T21:00:00Z'),
  ev('oculto', '2026-11-27T21:00:00Z', { mostrarWeb: false }),
  ev('lun', '2026-11-30T02:00:00Z'),
  ev('sinfecha', 'pendiente'),
];

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
