import { formatDateTime } from '@taquilla/shared';
import type { MiEvento } from '@taquilla/shared/schemas/cuenta';
import { Link } from 'react-router-dom';
import { EventPoster } from '@taquilla/shared/ui';
import { boletosLabel, countdownLabel, daysUntil } from '../lib/countdown-label';

interface Props {
  evento: MiEvento;
  /** The server's clock (mis_eventos `ahora`), so the label agrees with the tab split. */
  ahora: string;
  /** The list's search (tab, view), kept on the way to the detail and back. */
  search: string;
}

/** One purchased event: image, name, 'Ver evento', date, countdown, ticket count and 'detalle de boleto(s)'. */
export function EventPurchaseCard({ evento, ahora, search }: Props) {
  const titleId = `mi-evento-${evento.id}`;
  const days = daysUntil(evento.fecha, ahora, evento.zonaHoraria);
  return (
    <article className="purchase-card" aria-labelledby={titleId}>
      <EventPoster className="purchase-card__image" evento={evento} />
      <div className="purchase-card__body">
        <h2 className="purchase-card__title" id={titleId}>
          {evento.nombre}
        </h2>
        <p className="purchase-card__date">
          <time dateTime={evento.fecha}>{formatDateTime(evento.fecha, { timeZone: evento.zonaHoraria })}</time>
        </p>
        <p className="purchase-card__venue">
          {evento.recinto.nombre} · {evento.ciudad.nombre}
        </p>
        <p className={`purchase-card__countdown${days === 0 ? ' purchase-card__countdown--today' : ''}`}>{countdownLabel(days)}</p>
        <p className="purchase-card__count">
          {evento.cantidadBoletos} {boletosLabel(evento.cantidadBoletos)}
        </p>
        <div className="purchase-card__actions">
          <Link className="account__link" to={`/eventos/${evento.id}`} aria-describedby={titleId}>
            Ver evento
          </Link>
          <Link className="account__button" to={{ pathname: `/perfil/mis_compras/${evento.id}`, search }} aria-describedby={titleId}>
            detalle de boleto(s)
          </Link>
        </div>
      </div>
    </article>
  );
}
