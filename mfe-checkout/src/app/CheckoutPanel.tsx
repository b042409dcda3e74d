import { UnderConstruction } from '../features/under-construction/components/under-construction';

export interface CheckoutPanelProps {
  eventoId: string;
  seccionId: string;
}

/** Mounted by the shell beside seating's SeatSelection (not built yet). */
export default function CheckoutPanel({ eventoId, seccionId }: CheckoutPanelProps) {
  return (
    <div data-evento-id={eventoId} data-seccion-id={seccionId}>
      <UnderConstruction
        compact
        title="Resumen de compra"
        description="La reserva, el resumen y el pago de tus boletos estarán disponibles pronto."
      />
    </div>
  );
}
