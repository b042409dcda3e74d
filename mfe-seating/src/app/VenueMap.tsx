import { VenueMapView } from '../features/venue-map/components/VenueMapView';

export interface VenueMapProps {
  eventoId: string;
}

/** Mounted by the shell under catalog's EventInfo (/eventos/informacion/:id). */
export default function VenueMap({ eventoId }: VenueMapProps) {
  return <VenueMapView eventoId={eventoId} variant="block" />;
}
