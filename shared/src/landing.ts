/**
 * The landing pages' slots, written once for the two sides that need them: the storefront
 * server (api/src/plugins/storefront-html.ts) inlines each slot's manifest and hints the files
 * of the first-screen ones; the shell (shell/src/app/remote-pages.tsx) mounts them, and its
 * route tests check that it mounts exactly these. Data only: no code of either side.
 *
 * `'later'`: mounted after the first screen, when needed (the information page's map in view,
 * its modal on a general click, or both once the page is settled): manifest only, no hints.
 */
export type LandingSlot = readonly [remote: string, module: string, later?: 'later'];

export const LANDING_SLOTS = {
  /** `/eventos` (and `/`). */
  eventos: [['catalog', 'EventList']],
  /** `/eventos/informacion/:id`. */
  informacion: [
    ['catalog', 'EventInfo'],
    ['seating', 'VenueMap', 'later'],
    ['checkout', 'GeneralPurchase', 'later'],
  ],
} as const satisfies Record<string, readonly LandingSlot[]>;
