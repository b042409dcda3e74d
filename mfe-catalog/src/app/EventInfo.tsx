import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { catalogoMessages } from '@taquilla/shared/messages/catalogo';
import { useEventoDetalle } from '../features/event-info/api/use-evento-detalle';
import { EventInfoView } from '../features/event-info/components/EventInfoView';
import { serverMessageOr } from '@taquilla/shared/server-message';
import './catalog.css';

/**
 * Exposed as `catalog/EventInfo`, route /eventos/informacion/:id. The shell mounts seating's
 * VenueMap (and checkout's GA modal) below it.
 */
export default function EventInfo() {
  const { id = '' } = useParams();
  const evento = useEventoDetalle(id);
  const nombre = evento.status === 'success' && evento.data.mostrarWeb ? evento.data.nombre : null;
  useEffect(() => {
    // The shell titles the route; the event's own name is more useful in a tab or a bookmark.
    if (nombre) document.title = `${nombre} · Taquilla`;
  }, [nombre]);
  return (
    <div className="catalog" data-remote-name={__REMOTE_NAME__} data-remote-version={__REMOTE_VERSION__}>
      {evento.status === 'loading' && (
        <div role="status" className="catalog__pending">
          <h1>Información del evento</h1>
          <p>Cargando evento…</p>
        </div>
      )}
      {evento.status === 'error' && (
        <>
          <h1>Información del evento</h1>
          <p className="alert" role="alert">
            {serverMessageOr(evento.error, catalogoMessages.EVENT_FAILED)}
          </p>
        </>
      )}
      {evento.status === 'success' &&
        (evento.data.mostrarWeb ? (
          <EventInfoView evento={evento.data} />
        ) : (
          <>
            <h1>Información del evento</h1>
            <p role="status">{catalogoMessages.EVENT_NOT_AVAILABLE}</p>
          </>
        ))}
    </div>
  );
}
