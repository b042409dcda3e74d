import { useMemo } from 'react';
import { LaunchCountdown } from '../features/countdown/components/LaunchCountdown';
import { useEventos } from '../features/event-list/api/use-eventos';
import { EventBrowser } from '../features/event-list/components/EventBrowser';
import { HeroBanner } from '../features/hero/components/HeroBanner';
import { HeroPlaceholder } from '../features/hero/components/HeroPlaceholder';
import { selectHeroEvents } from '../features/hero/lib/select-hero-events';
import './catalog.css';

/** Exposed as `catalog/EventList`, route /eventos: hero, countdown, filters and the event grid. */
export default function EventList() {
  const eventos = useEventos();
  const hero = useMemo(() => (eventos.status === 'success' ? selectHeroEvents(eventos.data, new Date()) : []), [eventos]);
  return (
    <div className="catalog" data-remote-name={__REMOTE_NAME__} data-remote-version={__REMOTE_VERSION__}>
      {eventos.status === 'loading' ? <HeroPlaceholder /> : <HeroBanner eventos={hero} />}
      <div className="catalog__intro">
        <h1>Encuentra tu próximo evento</h1>
        <LaunchCountdown />
      </div>
      <EventBrowser eventos={eventos} />
    </div>
  );
}
