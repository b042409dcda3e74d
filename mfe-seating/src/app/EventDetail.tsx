import { UnderConstruction } from '../features/under-construction/components/under-construction';

/** Route /eventos/:id — venue map, price chips and section tooltips (not built yet). */
export default function EventDetail() {
  return (
    <UnderConstruction
      title="Detalle del evento"
      description="Aquí verás el mapa del recinto, los precios por sección y podrás elegir tus lugares. Esta pantalla todavía no está disponible."
    />
  );
}
