import { SeatReservationPanel } from '../features/reservation/components/SeatReservationPanel';
import { paymentSlot } from './payment-slot';
import './checkout.css';

export interface CheckoutPanelProps {
  eventoId: string;
  seccionId: string;
}

/** Exposed as `checkout/CheckoutPanel`, mounted by the shell beside seating's SeatSelection. */
export default function CheckoutPanel({ eventoId, seccionId }: CheckoutPanelProps) {
  // A new section or event is a new purchase: start from a fresh hold state.
  return <SeatReservationPanel key={`${eventoId}/${seccionId}`} eventoId={eventoId} seccionId={seccionId} payment={paymentSlot} />;
}
