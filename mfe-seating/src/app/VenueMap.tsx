import { UnderConstruction } from '../features/under-construction/components/under-construction';

export interface VenueMapProps {
  eventoId: string;
}

/** Mounted by the shell under catalog's EventInfo (not built yet). */
export default function VenueMap({ eventoId }: VenueMapProps) {
  return (
    <div data-evento-id={eventoId}>
      <UnderConstruction
        compact
        title="Mapa del recinto"
        description="El mapa interactivo del recinto estará disponible pronto."
      />
    </div>
  );
}
