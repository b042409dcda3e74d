import { Navigate, type RouteObject } from 'react-router-dom';
import { PublicLayout } from '../components/layout/PublicLayout';
import { RootLayout } from '../components/layout/RootLayout';
import { RequireAuth } from '../features/auth/components/RequireAuth';
import { Backdrop } from '../components/feedback/Backdrop';
import { ErrorPage } from '../pages/ErrorPage';
import {
  AuthPage,
  ConfirmPurchasePage,
  EventDetailPage,
  EventInfoPage,
  EventListPage,
  ProfilePage,
  SeatSelectionPage,
} from './remote-pages';

// Shell-only pages are small but off the first-load path of /eventos.
const lazyPage = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** The route table of spec §2; who renders what is in ARCHITECTURE.md "Who renders what". */
export function createRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <ErrorPage />,
      // Shown while a lazy shell page (legal, 404) loads on a direct visit.
      hydrateFallbackElement: <Backdrop />,
      children: [
        { index: true, element: <Navigate to="/eventos" replace /> },
        // The auth remote brings its own two-column layout.
        { path: 'auth/*', element: <AuthPage /> },
        {
          element: <PublicLayout />,
          children: [
            { path: 'eventos', element: <EventListPage /> },
            { path: 'eventos/informacion/:id', element: <EventInfoPage /> },
            { path: 'eventos/:id', element: <EventDetailPage /> },
            { path: 'eventos/:eventoId/:seccionId/:seccion', element: <SeatSelectionPage /> },
            { path: 'terminar_compra/:reservaId/:esGeneral/:promocionId', element: <ConfirmPurchasePage /> },
            {
              path: 'terminar_compra_invitado/:reservaId/:esGeneral/:invitadoId/:promocionId',
              element: <ConfirmPurchasePage />,
            },
            {
              path: 'perfil/*',
              element: (
                <RequireAuth>
                  <ProfilePage />
                </RequireAuth>
              ),
            },
            {
              path: 'legales/terminos_y_condiciones',
              lazy: lazyPage(() => import('../pages/legal/TermsPage')),
            },
            { path: 'legales/aviso_de_privacidad', lazy: lazyPage(() => import('../pages/legal/PrivacyPage')) },
            { path: 'legales/nuestras_politicas', lazy: lazyPage(() => import('../pages/legal/PoliciesPage')) },
            { path: '*', lazy: lazyPage(() => import('../pages/NotFoundPage')) },
          ],
        },
      ],
    },
  ];
}
