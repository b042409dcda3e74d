import { formatDate, formatMoney } from '@taquilla/shared';
import type { Evento } from '@taquilla/shared/schemas/catalogo';
import { Link } from 'react-router-dom';
import { EventPoster } from '@taquilla/shared/ui';
import { parseFecha } from '../../../lib/event-order';

/** One grid card: date badge, time, city, venue address, the lowest price and the three ways in. */
export function EventCard({ evento }: { evento: Evento }) {
  const zone = evento.zonaHoraria;
  const dated = parseFecha(evento.fecha) !== null;
  const titleId = `evento-${evento.id}-titulo`;
  return (
    <article className="event-card" aria-labelledby={titleId}>
      <div className="event-card__media">
        <EventPoster className="event-card__image" evento={evento} />
        <time className="event-card__badge" dateTime={dated ? evento.fecha : undefined}>
          {dated ? (
            <>
              <span className="event-card__day">{formatDate(evento.fecha, 'dd', zone)}</span>
              <span className="event-card__month">{formatDate(evento.fecha, 'MMM', zone)}</span>
            </>
          ) : (
            formatDate(evento.fecha, 'dd', zone)
          )}
        </time>
      </div>
      <div className="event-card__body">
        <h3 className="event-card__title" id={titleId}>
          <Link to={`/eventos/${evento.id}`}>{evento.nombre}</Link>
        </h3>
        <p className="event-card__artist">{evento.artista.nombre}</p>
        <p className="event-card__meta">
          {dated && <span className="event-card__time">{formatDate(evento.fecha, 'EEEE, hh:mmaa', zone)} · </span>}
          <span>{evento.ciudad.nombre}</span>
        </p>
        <p className="event-card__venue">
          {evento.recinto.nombre} — {evento.recinto.direccion}
        </p>
        {evento.precioDesde !== null && evento.precioDesde > 0 && <p className="event-card__price">Desde {formatMoney(evento.precioDesde)}</p>}
        <div className="event-card__actions">
          <Link className="link" to={`/eventos/informacion/${evento.id}`} aria-label={`Más información: ${evento.nombre}`}>
            Más información
          </Link>
          <Link className="button" to={`/eventos/${evento.id}`} aria-label={`Comprar boletos: ${evento.nombre}`}>
            Comprar boletos
          </Link>
        </div>
      </div>
    </article>
  );
}
