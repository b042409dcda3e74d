import { ConfirmPurchasePage } from '../features/payment/components/ConfirmPurchasePage';
import './checkout.css';

/** Routes /terminar_compra/… and /terminar_compra_invitado/…, where 3-D Secure comes back. */
export default function ConfirmPurchase() {
  return <ConfirmPurchasePage />;
}
