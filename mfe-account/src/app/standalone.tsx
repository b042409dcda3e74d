import type { StandalonePage } from '@taquilla/shared/standalone';
import Profile from './Profile';

/** This remote's module on its shell route, for its standalone page (src/index.ts). */
export const standalone: StandalonePage = {
  remote: 'account',
  routes: [{ path: '/perfil/*', element: <Profile />, example: '/perfil/mi_perfil' }],
};
