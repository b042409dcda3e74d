import { UnderConstruction } from '../features/under-construction/components/under-construction';

/** Route /eventos/:eventoId/:seccionId/:seccion — seat map and selection (not built yet). */
export default function SeatSelection() {
  return (
    <UnderConstruction
      title="Selección de asientos"
      description="Aquí podrás elegir tus asientos en el mapa de la sección. Esta pantalla todavía no está disponible."
    />
  );
}
