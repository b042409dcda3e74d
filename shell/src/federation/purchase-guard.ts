import type { RemoteName } from '@taquilla/platform/registry';
import { bus, savedHoldAtom, store as page, type AsientoSeleccionado } from '@taquilla/shared';
import type { ResolvedRemote } from './registry';

/**
 * What the registry follower (follow-registry.ts) must know from the first moment of the page,
 * kept in the shell's first load while the follower itself arrives once the page has loaded
 * (host.ts): whether a purchase is in progress, and the versions this tab runs.
 */

/** sessionStorage: the versions this tab runs, kept so a reload mid-purchase runs the same ones. */
export const TAB_VERSIONS_KEY = 'taquilla:versiones';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

/**
 * Whether the buyer is in the middle of a purchase: a live hold (the tab's saved hold,
 * `savedHoldAtom`, which checkout keeps from the hold until the sale, the cancellation or the
 * expiry; a payment happens inside it), seats chosen on the map and not yet held (seating says
 * so on the bus; an emptied selection, a released hold or a new page ends it), or a sale just
 * made whose confirmation is still on screen (until the next page).
 */
export function purchaseGuard() {
  let choosing = false;
  let justBought = false;
  const holdLive = () => page.get(savedHoldAtom) !== null;
  const onSelection = ({ asientos }: { asientos: AsientoSeleccionado[] }) => {
    choosing = asientos.length > 0;
  };
  const onReleased = ({ reason }: { reason: 'cancelled' | 'expired' | 'sold' }) => {
    choosing = false;
    if (reason === 'sold') justBought = true;
  };
  bus.on('seating:selection-changed', onSelection);
  bus.on('checkout:released', onReleased);
  return {
    inProgress: () => choosing || justBought || holdLive(),
    holdLive,
    /** A new page: seats chosen on the last one, and its sale's confirmation, are gone with it. */
    newPage() {
      choosing = false;
      justBought = false;
    },
    dispose() {
      bus.off('seating:selection-changed', onSelection);
      bus.off('checkout:released', onReleased);
    },
  };
}

/** The versions this tab keeps through a reload while a purchase is in progress. */
export function readTabVersions(storage: Storage | undefined): Partial<Record<RemoteName, string>> {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(TAB_VERSIONS_KEY) ?? 'null');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'string')) as Partial<Record<RemoteName, string>>;
  } catch {
    return {};
  }
}

export function saveTabVersions(storage: Storage | undefined, remotes: ResolvedRemote[]): void {
  try {
    const versions = Object.fromEntries(remotes.filter((r) => r.source === 'registry').map((r) => [r.name, r.version]));
    storage?.setItem(TAB_VERSIONS_KEY, JSON.stringify(versions));
  } catch {
    // Not kept: a reload mid-purchase then reads the registry like any other.
  }
}
