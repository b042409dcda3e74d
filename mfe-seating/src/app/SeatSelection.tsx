import { useParams } from 'react-router-dom';
import { SeatPage } from '../features/seat-map/components/SeatPage';

/** Route /eventos/:eventoId/:seccionId/:seccion — the section's seat map and the selection panel. */
export default function SeatSelection() {
  const { eventoId = '', seccionId = '', seccion = '' } = useParams();
  return <SeatPage key={`${eventoId}/${seccionId}`} eventoId={eventoId} seccionId={seccionId} seccionNombre={seccion} />;
}
