import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDateTime, generalRequestAtom, hasPassed, isApiError, store as page } from '@taquilla/shared';
import type { Seccion } from '@taquilla/shared/schemas/catalogo';
import { catalogoMessages } from '@taquilla/shared/messages/catalogo';
import { BestAvailable } from '../../best-available/components/BestAvailable';
import { useAvailability } from '../../live/hooks/use-availability';
import { useVenue } from '../api/use-venue';
import { priceChips, withAllIn } from '../lib/price-chips';
import { ExtraTickets } from './ExtraTickets';
import { PriceChips } from './PriceChips';
import { SvgMap } from './SvgMap';
import './venue-map.css';

/**
 * Seat pushes carry no per-category counts, so the map re-reads its sections after one — at
 * most once per 3–6 s (jittered: on a busy night every open map must not ask at once).
 */
const REFRESH_MIN_MS = 3000;

export interface VenueMapViewProps {
  eventoId: string;
  /** 'page': /eventos/:id owns the page heading; 'block': inside the catalog's event info page. */
  variant: 'page' | 'block';
}

/** Map, chips and extra tickets of one event; a section click goes to its seats or opens the GA modal. */
export function VenueMapView({ eventoId, variant }: VenueMapViewProps) {
  const navigate = useNavigate();
  const { state, refreshSecciones, setGeneral } = useVenue(eventoId);
  const refreshTimer = useRef<number | null>(null);

  useAvailability(eventoId, {
    onGeneral: (c) => setGeneral(c.seccionId, c.disponibles),
    onAsientos: () => {
      if (refreshTimer.current !== null) return;
      refreshTimer.current = window.setTimeout(
        () => {
          refreshTimer.current = null;
          refreshSecciones();
        },
        REFRESH_MIN_MS * (1 + Math.random()),
      );
    },
    onResync: refreshSecciones,
  });

  const venue = state.status === 'ready' ? state.venue : null;
  const chips = useMemo(() => (venue ? withAllIn(priceChips(venue.preciosCategorias), venue.evento, venue.categoriasEvento) : []), [venue]);

  const onSelect = (seccion: Seccion) => {
    if (seccion.tipo_seccion === 'general') {
      // A request, not a bus event: checkout's modal takes it whenever it mounts (see generalRequestAtom).
      page.set(generalRequestAtom, { eventoId, seccionId: String(seccion.id), seccionNombre: seccion.nombre });
    } else {
      void navigate(`/eventos/${encodeURIComponent(eventoId)}/${seccion.id}/${encodeURIComponent(seccion.nombre)}`);
    }
  };

  const Heading = variant === 'page' ? 'h1' : 'h2';
  const root = (children: React.ReactNode) => (
    <section className={`venue venue--${variant}`} aria-labelledby={`venue-${eventoId}`} data-remote-version={__REMOTE_VERSION__}>
      {children}
    </section>
  );

  if (state.status === 'loading') {
    return root(
      <>
        <Heading id={`venue-${eventoId}`} className="venue__title">
          Mapa del recinto
        </Heading>
        <p role="status">Cargando el mapa…</p>
      </>,
    );
  }
  // Inside the event information page the catalog already says why there is no event (unknown,
  // hidden from the web): a second message, or an empty map, under it would only repeat it.
  if (variant === 'block' && (state.status === 'error' || (state.status === 'ready' && !state.venue.evento.mostrarWeb))) return null;
  if (state.status === 'error') {
    const message = isApiError(state.error) && state.error.message.trim() ? state.error.message : catalogoMessages.EVENT_FAILED;
    return root(
      <>
        <Heading id={`venue-${eventoId}`} className="venue__title">
          Mapa del recinto
        </Heading>
        <p role="alert">{message}</p>
      </>,
    );
  }

  const { evento, secciones } = state.venue;
  if (!evento.mostrarWeb) {
    return root(
      <Heading id={`venue-${eventoId}`} className="venue__title">
        {catalogoMessages.EVENT_NOT_AVAILABLE}
      </Heading>,
    );
  }
  const extras = secciones.filter((s) => s.seccionAdicional);
  // A past event offers nothing to buy: no prices, no map to pick from.
  const pasado = hasPassed(evento.fecha);
  // The information page above already says the event has passed.
  if (pasado && variant === 'block') return null;
  return root(
    <>
      {variant === 'page' ? (
        <header className="venue__header">
          <h1 id={`venue-${eventoId}`} className="venue__title">
            {evento.nombre}
          </h1>
          <p className="venue__facts">
            {evento.recinto.nombre} · {evento.ciudad.nombre} ·{' '}
            <time dateTime={evento.fecha}>{formatDateTime(evento.fecha, { timeZone: evento.zonaHoraria })}</time>
          </p>
        </header>
      ) : (
        <h2 id={`venue-${eventoId}`} className="venue__title">
          Mapa del recinto
        </h2>
      )}
      {pasado ? (
        <p role="status" className="venue__hint">
          {catalogoMessages.EVENT_PAST_NOTICE}
        </p>
      ) : (
        <>
          <PriceChips chips={chips} />
          <p className="venue__hint">Elige una sección del mapa para ver sus lugares.</p>
          <SvgMap svg={evento.recinto.svg} secciones={secciones} onSelect={onSelect} />
          {variant === 'page' && <BestAvailable eventoId={eventoId} secciones={secciones} limiteDeAsientos={evento.limiteDeAsientos} />}
          <ExtraTickets secciones={extras} onSelect={onSelect} />
        </>
      )}
    </>,
  );
}
