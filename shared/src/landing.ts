/**
 * What the landing pages' first screens rest on, written once for the two sides that need it.
 *
 * `LANDING_SLOTS`, the landing pages' slots: the storefront
 * server (api/src/plugins/storefront-html.ts) inlines each slot's manifest and hints the files
 * of the first-screen ones; the shell (shell/src/app/remote-pages.tsx) mounts them, and its
 * route tests check that it mounts exactly these. Plain data and one pure function, so the
 * server can import it: no code of either side.
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

/**
 * The picture an event's banner shows (the hero's slide, the information page's banner): its
 * banner, else its promotional image. The storefront server hints the same one (the page's LCP).
 */
export interface EventPictures {
  imagenBanner?: string | null;
  imagenPromocion?: string | null;
}

export function eventBanner(evento: EventPictures | null | undefined) {
  return evento?.imagenBanner ?? evento?.imagenPromocion ?? undefined;
}
