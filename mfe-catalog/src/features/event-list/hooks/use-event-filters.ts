import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { DateFilter } from '../lib/date-filter';
import { parseFilters, toggleCategoria, writeFilters, type EventFilters } from '../lib/filter-params';

/**
 * The active filters live in the URL (?fecha=…&categorias=…): a filtered list can be shared
 * and survives reload. Changes replace the history entry so Back leaves the page instead of
 * stepping through every chip click.
 */
export function useEventFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);

  const update = useCallback(
    (change: (current: EventFilters) => EventFilters) =>
      setParams((current) => writeFilters(current, change(parseFilters(current))), {
        replace: true,
        preventScrollReset: true,
      }),
    [setParams],
  );

  return {
    filters,
    setFecha: useCallback((fecha: DateFilter) => update((f) => ({ ...f, fecha })), [update]),
    toggleCategoria: useCallback((id: string) => update((f) => ({ ...f, categorias: toggleCategoria(f.categorias, id) })), [update]),
    clearCategorias: useCallback(() => update((f) => ({ ...f, categorias: [] })), [update]),
  };
}
