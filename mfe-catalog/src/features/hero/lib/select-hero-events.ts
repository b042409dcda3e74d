import { eventTime, listedOnWeb, sortByFecha, type ListableEvent } from '../../../lib/event-order';

const HERO_MAX_EVENTS = 3;

/** The hero: the next (up to) three listed events still to come (or any listed ones if none are). */
export function selectHeroEvents<T extends ListableEvent>(events: readonly T[], now: Date, max: number = HERO_MAX_EVENTS): T[] {
  const sorted = sortByFecha(listedOnWeb(events));
  const upcoming = sorted.filter((event) => eventTime(event) >= now.getTime() && eventTime(event) !== Infinity);
  return (upcoming.length > 0 ? upcoming : sorted).slice(0, max);
}
