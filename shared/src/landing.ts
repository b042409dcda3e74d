/**
 * What the landing pages' first screens rest on, written once for the sides that need it: the
 * shell mounts these pages (shell/src/app/remote-pages.tsx, whose route tests check it mounts
 * exactly these slots), the storefront server (api/src/plugins/storefront-html.ts) prepares them.
 * Plain data and pure functions, so the server can import it: no code of either side.
 *
 * `LANDING_PAGES`: each landing page's routes (the shell's, spec §2; `:name` is a route
 * parameter, an id: `LANDING_PARAM`, unless the page lists it in `names`: then any one segment
 * that nothing prepared reads, such as a section's name in the seat page's path) and its slots.
 * `'later'`: mounted after the first
 * screen, when needed (the information page's map in view, its modal on a general click, or both
 * once the page is settled): its manifest is inlined, its files are not hinted.
 *
 * What each slot reads first is not here: every remote declares it for its own modules, beside
 * what it exposes (`src/app/first-screen.json`, `FirstScreenDeclaration`), and its build carries
 * it in `taquilla-contract.json`, so the server reads the declaration of the version live now.
 */
export type LandingSlot = readonly [remote: string, module: string, mode?: 'later' | 'gated'];

export interface LandingPage {
  paths: readonly string[];
  /** Route parameters that are words for people, not ids: they match any segment and no answer is read with them. */
  names?: readonly string[];
  slots: readonly LandingSlot[];
}

export const LANDING_PAGES = {
  eventos: { paths: ['/', '/eventos'], slots: [['catalog', 'EventList']] },
  informacion: {
    paths: ['/eventos/informacion/:id'],
    slots: [
      ['catalog', 'EventInfo'],
      ['seating', 'VenueMap', 'later'],
      ['checkout', 'GeneralPurchase', 'later'],
    ],
  },
  // The seat page: the section's map and the purchase panel beside it (a tab with a live hold
  // restores it there). The path's last segment is the section's name, for people.
  asientos: {
    paths: ['/eventos/:eventoId/:seccionId/:seccion'],
    names: ['seccion'],
    slots: [
      ['seating', 'SeatSelection', 'gated'],
      ['checkout', 'CheckoutPanel', 'gated'],
    ],
  },
} as const satisfies Record<string, LandingPage>;

/** A landing page's route parameters are ids: nothing else is prepared. */
export const LANDING_PARAM = /^\d{1,9}$/;

/**
 * One answer a module reads as it mounts: a GET path under the API base, where `{name}` is the
 * page's route parameter `:name`. `live`: the answer carries the availability of the event whose
 * id is that parameter (the server builds the page again when it changes). An answer that two
 * slots of a page declare is kept for the whole page (`data-keep`), so each can read it.
 */
export type FirstScreenData = string | { url: string; live?: string };

/** The first screen's largest picture (its LCP): the `eventBanner` of the object at `path` in answer `answer`. */
export interface FirstScreenPicture {
  answer: number;
  path: readonly (string | number)[];
}

export interface FirstScreenModule {
  data?: readonly FirstScreenData[];
  picture?: FirstScreenPicture;
}

/** A remote's declaration: exposed module name → what it reads first. */
export type FirstScreenDeclaration = Record<string, FirstScreenModule>;

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
