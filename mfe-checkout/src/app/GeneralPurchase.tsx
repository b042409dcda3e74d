import { useParams } from 'react-router-dom';
import { GeneralPurchaseModal } from '../features/reservation/components/GeneralPurchaseModal';
import { paymentSlot } from './payment-slot';
import './checkout.css';

/**
 * Exposed as `checkout/GeneralPurchase`, mounted by the shell on /eventos/:id and
 * /eventos/informacion/:id. Nothing shows until seating asks for a general section
 * (`generalRequestAtom`, also when the request came before this module mounted) or a general
 * hold of this event is found after a reload.
 */
export default function GeneralPurchase() {
  const { id = '' } = useParams();
  if (!id) return null;
  return <GeneralPurchaseModal key={id} eventoId={id} payment={paymentSlot} />;
}
