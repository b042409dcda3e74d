import { useParams } from 'react-router-dom';
import type { BusEvents } from '@taquilla/shared';
import { GeneralPurchaseModal } from '../features/reservation/components/GeneralPurchaseModal';
import { paymentSlot } from './payment-slot';
import './checkout.css';

/**
 * Exposed as `checkout/GeneralPurchase`, mounted by the shell on /eventos/:id and
 * /eventos/informacion/:id. Nothing shows until seating announces a general-section click
 * (or a general hold of this event is found after a reload). `clic`: the click that made the
 * shell mount it (the information page mounts it on demand), which opens it at once.
 */
export default function GeneralPurchase({ clic }: { clic?: BusEvents['seating:general-section-clicked'] }) {
  const { id = '' } = useParams();
  if (!id) return null;
  return <GeneralPurchaseModal key={id} eventoId={id} payment={paymentSlot} initialClick={clic} />;
}
