import { useParams } from 'react-router-dom';
import type { StandalonePage } from '@taquilla/shared/standalone';
import CheckoutPanel from './CheckoutPanel';
import ConfirmPurchase from './ConfirmPurchase';
import GeneralPurchase from './GeneralPurchase';

/** The shell mounts CheckoutPanel beside seating's SeatSelection; standalone, props come from the URL. */
function CheckoutPanelRoute() {
  const { eventoId = '', seccionId = '' } = useParams();
  return <CheckoutPanel eventoId={eventoId} seccionId={seccionId} />;
}

/** This remote's modules on their shell routes, for its standalone page (src/index.ts). */
export const standalone: StandalonePage = {
  remote: 'checkout',
  routes: [
    { path: '/eventos/:eventoId/:seccionId/:seccion', element: <CheckoutPanelRoute />, example: '/eventos/1/1/A' },
    { path: '/eventos/:id', element: <GeneralPurchase /> },
    { path: '/terminar_compra/*', element: <ConfirmPurchase />, example: '/terminar_compra/1/false/0' },
    { path: '/terminar_compra_invitado/*', element: <ConfirmPurchase /> },
  ],
};
