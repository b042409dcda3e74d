import { useCallback, useState } from 'react';
import { useParams } from 'react-router-dom';
import { RemoteSlot } from '../federation/RemoteSlot';
import { usePreloadNext } from '../federation/use-preload-next';

/** What each route mounts. Remotes read their own route params with react-router's hooks. */

/** The slots of an event page: mounted by EventDetailPage, preloaded from the list (same names by construction). */
const EVENT_PAGE_SLOTS = [
  ['seating', 'EventDetail'],
  ['checkout', 'GeneralPurchase'],
] as const;

export function EventListPage() {
  // From the list, the buyer's next stop is an event page: warm its remotes and modules.
  const preloadProps = usePreloadNext(EVENT_PAGE_SLOTS.map(([remote, module]) => [remote, [module]] as const));
  return (
    <div {...preloadProps}>
      <RemoteSlot remote="catalog" module="EventList" />
    </div>
  );
}

export function EventDetailPage() {
  return (
    <>
      {EVENT_PAGE_SLOTS.map(([remote, module]) => (
        <RemoteSlot key={remote} remote={remote} module={module} />
      ))}
    </>
  );
}

/**
 * The information page's first screen is the event (catalog); the venue map and the general
 * admission modal (seating, checkout) mount once it is shown, so their scripts and the map's
 * drawing do not hold back the first screen on a phone. They sit below it: nothing moves.
 */
export function EventInfoPage() {
  const { id = '' } = useParams();
  const [eventShown, setEventShown] = useState(false);
  const onEventShown = useCallback(() => setEventShown(true), []);
  return (
    <>
      <RemoteSlot remote="catalog" module="EventInfo" onShown={onEventShown} />
      {eventShown && (
        <>
          <RemoteSlot remote="seating" module="VenueMap" props={{ eventoId: id }} />
          <RemoteSlot remote="checkout" module="GeneralPurchase" />
        </>
      )}
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
