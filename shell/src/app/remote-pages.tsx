import { useParams } from 'react-router-dom';
import { RemoteSlot } from '../federation/RemoteSlot';
import { usePreloadNext } from '../federation/use-preload-next';

/** What each route mounts. Remotes read their own route params with react-router's hooks. */

export function EventListPage() {
  // From the list, the buyer's next stop is an event page: warm seating and checkout.
  const preloadProps = usePreloadNext([
    ['seating', ['./EventDetail']],
    ['checkout', ['./GeneralPurchase']],
  ]);
  return (
    <div {...preloadProps}>
      <RemoteSlot remote="catalog" module="EventList" />
    </div>
  );
}

export function EventDetailPage() {
  return (
    <>
      <RemoteSlot remote="seating" module="EventDetail" />
      <RemoteSlot remote="checkout" module="GeneralPurchase" />
    </>
  );
}

export function EventInfoPage() {
  const { id = '' } = useParams();
  return (
    <>
      <RemoteSlot remote="catalog" module="EventInfo" />
      <RemoteSlot remote="seating" module="VenueMap" props={{ eventoId: id }} />
      <RemoteSlot remote="checkout" module="GeneralPurchase" />
    </>
  );
}

export function SeatSelectionPage() {
  const { eventoId = '', seccionId = '' } = useParams();
  return (
    <div className="seat-layout">
      <RemoteSlot remote="seating" module="SeatSelection" className="seat-layout__map" />
      <RemoteSlot
        remote="checkout"
        module="CheckoutPanel"
        props={{ eventoId, seccionId }}
        className="seat-layout__panel"
      />
    </div>
  );
}

export function ConfirmPurchasePage() {
  return <RemoteSlot remote="checkout" module="ConfirmPurchase" />;
}

export function ProfilePage() {
  return <RemoteSlot remote="account" module="Profile" />;
}

export function AuthPage() {
  return <RemoteSlot remote="auth" module="AuthRoutes" />;
}
