import { formatDateTime } from '@taquilla/shared';
import type { Evento } from '@taquilla/shared/schemas/catalogo';
import { catalogoMessages } from '@taquilla/shared/messages/catalogo';
import { Link } from 'react-router-dom';
import { EventBanner } from '@taquilla/shared/ui';
import './event-info.css';

function mapsUrl(evento: Evento): string {
  const query = [evento.recinto.nombre, evento.recinto.direccion, evento.ciudad.nombre].join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/**
 * Banner, description and location of one event. The description is untrusted text: it is
 * rendered as a React text node (line breaks kept by CSS), never as HTML.
 */
export function EventInfoView({ evento, now = Date.now() }: { evento: Evento; now?: number }) {
  const past = Date.parse(evento.fecha) <= now;
  return (
    <>
      <header className="info-banner">
        <EventBanner className="info-banner__image" evento={evento} fetchPriority="high" />
        <div className="info-banner__text">
          <h1>{evento.nombre}</h1>
          <dl className="info-facts">
            <div>
              <dt>Artista</dt>
              <dd>{evento.artista.nombre}</dd>
            </div>
            <div>
              <dt>Ciudad</dt>
              <dd>{evento.ciudad.nombre}</dd>
            </div>
            <div>
              <dt>Recinto</dt>
              <dd>{evento.recinto.nombre}</dd>
            </div>
            <div>
              <dt>Fecha</dt>
              <dd>
                <time dateTime={evento.fecha}>{formatDateTime(evento.fecha, { timeZone: evento.zonaHoraria })}</time>
              </dd>
            </div>
          </dl>
          {past ? (
            <p className="info-past" role="status">
              {catalogoMessages.EVENT_PAST}
            </p>
          ) : (
            <Link className="button" to={`/eventos/${evento.id}`}>
              Comprar boletos
            </Link>
          )}
        </div>
      </header>
      <section className="info-section" aria-labelledby="evento-descripcion">
        <h2 id="evento-descripcion">Descripción</h2>
        <p className="info-description">{evento.descripcion}</p>
      </section>
      <section className="info-section" aria-labelledby="evento-ubicacion">
        <h2 id="evento-ubicacion">Ubicación</h2>
        <address className="info-address">
          <strong>{evento.recinto.nombre}</strong>
          <br />
          {evento.recinto.direccion}
          <br />
          {evento.ciudad.nombre}
        </address>
        <a className="link" href={mapsUrl(evento)} target="_blank" rel="noopener noreferrer">
          Ver en el mapa<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
        </a>
      </section>
    </>
  );
}
