import { describe, expect, it } from 'vitest';
import { listable as ev, listableEvents as events } from '../../../testing/fixtures';
import { selectHeroEvents } from './select-hero-events';

const NOW = new Date('2026-11-25T18:00:00Z');

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
