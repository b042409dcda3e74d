import { PaymentStep } from '../features/payment/components/PaymentStep';
import type { PaymentSlot } from '../features/reservation/components/HoldStage';

/** The payment step under every live hold, seat panel and GA modal alike. */
export const paymentSlot: PaymentSlot = (hold, onSold) => (
  <PaymentStep eventoId={hold.eventoId} reservaId={hold.reservaId} esGeneral={hold.esGeneral} onSold={onSold} />
);
