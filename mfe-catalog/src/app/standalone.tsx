import type { StandalonePage } from '@taquilla/shared/standalone';
import EventInfo from './EventInfo';
import EventList from './EventList';

/** This remote's modules on their shell routes, for its standalone page (src/index.ts). */
export const standalone: StandalonePage = {
  remote: 'catalog',
  routes: [
    { path: '/eventos', element: <EventList />, example: '/eventos' },
    { path: '/eventos/informacion/:id', element: <EventInfo />, example: '/eventos/informacion/1' },
  ],
};
