import { useParams } from 'react-router-dom';
import type { StandalonePage } from '@taquilla/shared/standalone';
import EventDetail from './EventDetail';
import SeatSelection from './SeatSelection';
import VenueMap from './VenueMap';

/** The shell mounts VenueMap with the event id as a prop; standalone, it comes from the URL. */
function VenueMapRoute() {
  const { id = '' } = useParams();
  return <VenueMap eventoId={id} />;
}

/** This remote's modules on their shell routes, for its standalone page (src/index.ts). */
export const standalone: StandalonePage = {
  remote: 'seating',
  routes: [
    { path: '/eventos/:id', element: <EventDetail />, example: '/eventos/1' },
    { path: '/eventos/informacion/:id', element: <VenueMapRoute />, example: '/eventos/informacion/1' },
    { path: '/eventos/:eventoId/:seccionId/:seccion', element: <SeatSelection />, example: '/eventos/1/1/A' },
  ],
};
