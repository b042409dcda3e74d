import { matchesDateFilter, parseFecha } from '../../event-filters/lib/date-filter';
import type { EventFilters } from '../../event-filters/lib/filter-params';

/** What the list logic needs from an event; the DTO has more. */
export interface ListableEvent {
  id: string | number;
  nombre?: string;
  fecha: string;
  mostrarWeb?: boolean | null;
  zonaHoraria?: string | null;
}

export const HERO_MAX_EVENTS = 3;

function time(event: ListableEvent): number {
  return parseFecha(event.fecha)?.getTime() ?? Number.POSITIVE_INFINITY;
}

/** Soonest first; undated events last; ties by name so the order is stable across reloads. */
export function sortByFecha<T extends ListableEvent>(events: readonly T[]): T[] {
  return [...events].sort(
    (a, b) => time(a) - time(b) || (a.nombre ?? '').localeCompare(b.nombre ?? '', 'es-MX'),
  );
}

/** Events hidden from the web (mostrarWeb false) are never listed anywhere on the home page. */
export function listedOnWeb<T extends ListableEvent>(events: readonly T[]): T[] {
  return events.filter((event) => event.mostrarWeb !== false);
}

/** The grid: listed events passing the date filter and (any of) the selected categories, by date. */
export function selectVisibleEvents<T extends ListableEvent>(
  events: readonly T[],
  filters: EventFilters,
  now: Date,
  categoriaIdOf: (event: T) => string | null,
): T[] {
  const categorias = new Set(filters.categorias);
  return sortByFecha(
    listedOnWeb(events).filter((event) => {
      if (categorias.size > 0) {
        const id = categoriaIdOf(event);
        if (id === null || !categorias.has(id)) return false;
      }
      return matchesDateFilter(filters.fecha, event.fecha, now, event.zonaHoraria);
    }),
  );
}

/** The hero: the next (up to) three listed events still to come (or any listed ones if none are). */
export function selectHeroEvents<T extends ListableEvent>(
  events: readonly T[],
  now: Date,
  max: number = HERO_MAX_EVENTS,
): T[] {
  const sorted = sortByFecha(listedOnWeb(events));
  const upcoming = sorted.filter((event) => time(event) >= now.getTime() && time(event) !== Infinity);
  return (upcoming.length > 0 ? upcoming : sorted).slice(0, max);
}
