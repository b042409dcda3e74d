import { useParams } from 'react-router-dom';
import { VenueMapView } from '../features/venue-map/components/VenueMapView';

/** Route /eventos/:id — the event's venue map, price chips and section tooltips. */
export default function EventDetail() {
  const { id = '' } = useParams();
  return <VenueMapView eventoId={id} variant="page" />;
}
