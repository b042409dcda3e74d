import { isDateFilter, type DateFilter } from './date-filter';

/** The home page's filters, mirrored in the URL (?fecha=…&categorias=a,b) so a list can be shared. */
export interface EventFilters {
  fecha: DateFilter;
  /** Selected category ids; empty means 'Todos'. */
  categorias: string[];
}

export function parseFilters(params: URLSearchParams): EventFilters {
  const fecha = params.get('fecha');
  const categorias = (params.get('categorias') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id, index, all) => id !== '' && all.indexOf(id) === index);
  return { fecha: isDateFilter(fecha) ? fecha : 'todas', categorias };
}

/** New search params with the filters written in; unrelated params are kept, defaults dropped. */
export function writeFilters(params: URLSearchParams, filters: EventFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  if (filters.fecha === 'todas') next.delete('fecha');
  else next.set('fecha', filters.fecha);
  if (filters.categorias.length === 0) next.delete('categorias');
  else next.set('categorias', filters.categorias.join(','));
  return next;
}

/** Chip click: a selected category turns off, an unselected one turns on. */
export function toggleCategoria(selected: readonly string[], id: string): string[] {
  return selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id];
}
