import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { generalRequestAtom, savedHoldAtom, store as page } from '@taquilla/shared';
import { LANDING_PAGES } from '@taquilla/shared/landing';
import { RemoteSlot } from '../federation/RemoteSlot';
import { usePreloadNext, whenIdle } from '../federation/use-preload-next';

/** What each route mounts. Remotes read their own route params with react-router's hooks. */

/** The slots of an event page: mounted by EventDetailPage, preloaded from the list and by its QueueGate (same names by construction). */
export const EVENT_PAGE_SLOTS = [
  ['seating', 'EventDetail'],
  ['checkout', 'GeneralPurchase'],
] as const;

/** The seat page's slots (a landing page: the storefront hints and inlines the same list), warmed by its QueueGate. */
export const SEAT_PAGE_SLOTS = LANDING_PAGES.asientos.slots;

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
 * Whether a slot that waits may mount: once the page is settled (idle after load, see
 * whenIdle), or earlier when `early` calls `mount` (it may return a cleanup).
 */
// biome-ignore lint/suspicious/noConfusingVoidType: like an effect, `early` returns a clean-up or nothing
function useMountLater(early: (mount: () => void) => (() => void) | void) {
  const [mounted, setMounted] = useState(false);
  const earlyRef = useRef(early);
  useEffect(() => {
    if (mounted) return;
    const mount = () => setMounted(true);
    const cancelIdle = whenIdle(mount);
    const cancelEarly = earlyRef.current(mount);
    return () => {
      cancelIdle();
      cancelEarly?.();
    };
  }, [mounted]);
  return mounted;
}

/**
 * The venue map below the event: drawn when it scrolls into view or once the page is settled,
 * whichever comes first. On a phone it sits below the first screen, so its script, its
 * sanitising and its drawing stay out of the page's first seconds; on a wide screen it is in
 * view and mounts with the event. Its room is held until it shows (no jump under the thumb).
 */
function LaterVenueMap({ eventoId }: { eventoId: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  const onShown = useCallback(() => setShown(true), []);
  const mounted = useMountLater((mount) => {
    const element = holder.current;
    if (!element || typeof IntersectionObserver === 'undefined') return mount();
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) mount();
    });
    observer.observe(element);
    return () => observer.disconnect();
  });
  return (
    <div ref={holder} className="later-slot" data-shown={shown || undefined}>
      {mounted && <RemoteSlot remote="seating" module="VenueMap" props={{ eventoId }} onShown={onShown} />}
    </div>
  );
}

/**
 * The general-admission modal shows nothing until a general section is asked for, so it mounts
 * on that request (`generalRequestAtom`, which seating's map sets on a click and the modal takes
 * whenever its code has arrived) or once the page is settled. A tab with a live hold (a reload
 * mid-purchase, `savedHoldAtom`) mounts it at once: it reopens that hold.
 */
function LaterGeneralPurchase({ eventoId }: { eventoId: string }) {
  const request = useAtomValue(generalRequestAtom, { store: page });
  const mounted = useMountLater((mount) => (page.get(savedHoldAtom) ? mount() : undefined));
  const [asked, setAsked] = useState(false);
  if (!asked && request?.eventoId === eventoId) setAsked(true);
  if (!mounted && !asked) return null;
  return <RemoteSlot remote="checkout" module="GeneralPurchase" />;
}

/**
 * The information page's first screen is the event (catalog). The venue map (seating) and the
 * general-admission modal (checkout) wait until it is shown, then until they are needed (see
 * LaterVenueMap, LaterGeneralPurchase), so on a phone the first screen has the CPU to itself.
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
          <LaterVenueMap key={`map-${id}`} eventoId={id} />
          <LaterGeneralPurchase key={`ga-${id}`} eventoId={id} />
        </>
      )}
    </>
  );
}

/**
 * The seat page: the section's map, and checkout's panel beside it (under it on a phone). The
 * panel mounts once the map is shown (or its slot's fallback, if seating cannot load), so the
 * page's first drawing is two shorter tasks rather than one long one on a phone's main thread;
 * in one column the panel is not shown before the map anyway (styles.css, `.seat-layout`).
 */
export function SeatSelectionPage() {
  const { eventoId = '', seccionId = '' } = useParams();
  const [mapShown, setMapShown] = useState(false);
  const onMapShown = useCallback(() => setMapShown(true), []);
  return (
    <div className="seat-layout">
      <RemoteSlot remote="seating" module="SeatSelection" className="seat-layout__map" onShown={onMapShown} />
      {mapShown && <RemoteSlot remote="checkout" module="CheckoutPanel" props={{ eventoId, seccionId }} className="seat-layout__panel" />}
    </div>
  );
}

export function ConfirmPurchasePage() {
  return <RemoteSlot remote="checkout" module="ConfirmPurchase" />;
}

export function ProfilePage() {
  return <RemoteSlot remote="account" module="Profile" />;
}

/** A guest's factura page, reached from the tickets e-mail (no session). */
export function GuestInvoicePage() {
  return <RemoteSlot remote="account" module="GuestInvoice" />;
}

export function AuthPage() {
  return <RemoteSlot remote="auth" module="AuthRoutes" />;
}
