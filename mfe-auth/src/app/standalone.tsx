import type { StandalonePage } from '@taquilla/shared/standalone';
import AuthRoutes from './AuthRoutes';

/** This remote's module on its shell route, for its standalone page (src/index.ts). */
export const standalone: StandalonePage = {
  remote: 'auth',
  routes: [{ path: '/auth/*', element: <AuthRoutes />, example: '/auth/login' }],
};
