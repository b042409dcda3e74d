import type { Evento } from '@taquilla/shared/schemas/catalogo';
import { catalogoMessages } from '@taquilla/shared/messages/catalogo';
import { EventCard } from './EventCard';

/** The 'Próximos eventos' list: 1 column on phones, up to 4 on wide screens (see CSS). */
export function EventGrid({ eventos }: { eventos: readonly Evento[] }) {
  if (eventos.length === 0) {
    return (
      <p className="empty-state" role="status">
        {catalogoMessages.NO_EVENTS}
      </p>
    );
  }
  return (
    <ul className="event-grid" aria-label="Eventos">
      {eventos.map((evento) => (
        <li key={evento.id}>
          <EventCard evento={evento} />
        </li>
      ))}
    </ul>
  );
}
