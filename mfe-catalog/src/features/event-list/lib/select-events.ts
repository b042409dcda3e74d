import { listedOnWeb, sortByFecha, type ListableEvent } from '../../../lib/event-order';
import { matchesDateFilter } from './date-filter';
import type { EventFilters } from './filter-params';

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
