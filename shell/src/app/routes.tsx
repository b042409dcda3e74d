import { Suspense, type PropsWithChildren } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { PublicLayout } from '../components/layout/PublicLayout';
import { RootLayout } from '../components/layout/RootLayout';
import { RequireAuth } from '../features/auth/components/RequireAuth';
import { Backdrop } from '../components/feedback/Backdrop';
import { RootErrorBoundary } from './RootErrorBoundary';
import { lazyPage } from './lazy-page';
import {
  AuthPage,
  ConfirmPurchasePage,
  EVENT_PAGE_SLOTS,
  EventDetailPage,
  EventInfoPage,
  EventListPage,
  GuestInvoicePage,
  ProfilePage,
  SEAT_PAGE_SLOTS,
  SeatSelectionPage,
} from './remote-pages';
import { QueueGate } from '../pages/waiting-room/QueueGate';

// Shell-only pages are small but off the first-load path of /eventos (a failed download is
// tried again on the next navigation: lazy-page.tsx).
const TermsPage = lazyPage(() => import('../pages/legal/TermsPage'));
const PrivacyPage = lazyPage(() => import('../pages/legal/PrivacyPage'));
const PoliciesPage = lazyPage(() => import('../pages/legal/PoliciesPage'));
const NotFoundPage = lazyPage(() => import('../pages/NotFoundPage'));
const WaitingRoomPage = lazyPage(() => import('../pages/waiting-room/WaitingRoomPage'));

/**
 * The root route: the error page for a shell-level failure, and the backdrop while a lazy
 * shell page (legal, 404) loads on a direct visit. The Suspense boundary sits above the whole
 * layout: navigations run in a transition, so a later visit to a lazy page keeps the current
 * page on screen until it has loaded (no backdrop flash), as the data router did.
 */
function RootRoute() {
  return (
    <RootErrorBoundary>
      <Suspense fallback={<Backdrop />}>
        <RootLayout />
      </Suspense>
    </RootErrorBoundary>
  );
}

/** An id segment the API can take: a positive int4 ('abc', '0', '1.5' are not). */
const isIdSegment = (value: string | undefined) => value !== undefined && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647;

/**
 * The route's id segments (`names`) must be ids; otherwise the path names no page and gets the
 * 404 page, not a remote showing the API's validation message.
 */
function WithIds({ names, children }: PropsWithChildren<{ names: string[] }>) {
  const params = useParams();
  return names.every((name) => isIdSegment(params[name])) ? children : <NotFoundPage />;
}

/**
 * The route table of spec §2; who renders what is in ARCHITECTURE.md "Who renders what".
 * Rendered inside <BrowserRouter> by App (tests: <MemoryRouter initialEntries={[...]}>).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<RootRoute />}>
        <Route index element={<Navigate to="/eventos" replace />} />
        {/* The auth remote brings its own two-column layout. */}
        <Route path="auth/*" element={<AuthPage />} />
        <Route element={<PublicLayout />}>
          <Route path="eventos" element={<EventListPage />} />
          <Route
            path="eventos/informacion/:id"
            element={
              <WithIds names={['id']}>
                <EventInfoPage />
              </WithIds>
            }
          />
          {/* A queued event's seat pages wait behind its 'Sala de espera' (decision 0031). */}
          <Route
            path="eventos/:id"
            element={
              <WithIds names={['id']}>
                <QueueGate param="id" slots={EVENT_PAGE_SLOTS}>
                  <EventDetailPage />
                </QueueGate>
              </WithIds>
            }
          />
          <Route
            path="eventos/:id/sala_de_espera"
            element={
              <WithIds names={['id']}>
                <WaitingRoomPage />
              </WithIds>
            }
          />
          <Route
            path="eventos/:eventoId/:seccionId/:seccion"
            element={
              <WithIds names={['eventoId', 'seccionId']}>
                <QueueGate param="eventoId" slots={SEAT_PAGE_SLOTS}>
                  <SeatSelectionPage />
                </QueueGate>
              </WithIds>
            }
          />
          <Route path="terminar_compra/:reservaId/:esGeneral/:promocionId" element={<ConfirmPurchasePage />} />
          <Route path="terminar_compra_invitado/:reservaId/:esGeneral/:invitadoId/:promocionId" element={<ConfirmPurchasePage />} />
          <Route path="factura/:invitadoId/:reservaId" element={<GuestInvoicePage />} />
          <Route
            path="perfil/*"
            element={
              <RequireAuth>
                <ProfilePage />
              </RequireAuth>
            }
          />
          <Route path="legales/terminos_y_condiciones" element={<TermsPage />} />
          <Route path="legales/aviso_de_privacidad" element={<PrivacyPage />} />
          <Route path="legales/nuestras_politicas" element={<PoliciesPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
