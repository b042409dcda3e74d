import type { Evento } from '@taquilla/shared/schemas/catalogo';
import { useMemo } from 'react';
import { serverMessageOr } from '@taquilla/shared/server-message';
import { catalogoMessages } from '@taquilla/shared/messages/catalogo';
import { useCategorias } from '../api/use-categorias';
import type { RequestState } from '@taquilla/shared/use-request';
import { useEventFilters } from '../hooks/use-event-filters';
import { selectVisibleEvents } from '../lib/select-events';
import { CategoryChips } from './CategoryChips';
import { DateFilter } from './DateFilter';
import { EventGrid } from './EventGrid';
import './event-list.css';

const categoriaIdOf = (evento: Evento) => String(evento.categoria.id);

/**
 * Filters + 'Próximos eventos'. The list is loaded once by the page (see useEventos); every
 * filter click is a local, instant pass over it.
 */
export function EventBrowser({ eventos }: { eventos: RequestState<Evento[]> }) {
  const categorias = useCategorias();
  const { filters, setFecha, toggleCategoria, clearCategorias } = useEventFilters();

  const visible = useMemo(
    () => (eventos.status === 'success' ? selectVisibleEvents(eventos.data, filters, new Date(), categoriaIdOf) : []),
    [eventos, filters],
  );

  return (
    <>
      <section className="filters" aria-label="Filtros">
        <DateFilter value={filters.fecha} onChange={setFecha} />
        {categorias.status === 'success' && (
          <CategoryChips categorias={categorias.data} selected={filters.categorias} onToggle={toggleCategoria} onAll={clearCategorias} />
        )}
      </section>
      <section aria-labelledby="proximos-eventos" aria-busy={eventos.status === 'loading'}>
        <h2 id="proximos-eventos">Próximos eventos</h2>
        {eventos.status === 'loading' && (
          <div role="status">
            <span className="visually-hidden">Cargando eventos…</span>
            <ul className="event-grid" aria-hidden="true">
              {[0, 1, 2, 3].map((n) => (
                <li key={n} className="skeleton-card" />
              ))}
            </ul>
          </div>
        )}
        {eventos.status === 'error' && (
          <p className="alert" role="alert">
            {serverMessageOr(eventos.error, catalogoMessages.EVENTS_FAILED)}
          </p>
        )}
        {eventos.status === 'success' && <EventGrid eventos={visible} />}
      </section>
    </>
  );
}
