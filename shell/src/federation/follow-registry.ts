import type { RemoteName } from '@taquilla/platform/registry';
import { bus, savedHoldAtom, store as page, type AsientoSeleccionado } from '@taquilla/shared';
import type { ResolvedRemote } from './registry';

/**
 * Open tabs follow the registry (docs/decisions/0025): a tab reads remotes.json again every
 * REGISTRY_POLL_MS while it is visible, when it becomes visible and on a navigation once its
 * last reading is REGISTRY_MAX_AGE_MS old. A remote whose version changed (a release, a
 * rollback, a canary promoted or aborted) is registered again and its slots mount the new
 * version — at the next safe moment: never while a purchase is in progress.
 */
export const REGISTRY_MAX_AGE_MS = 10_000;
export const REGISTRY_POLL_MS = 20_000;

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

export interface FollowDeps {
  /** The registry read afresh, each remote's version chosen for this browser (no pins); null when unreadable. */
  read: () => Promise<ResolvedRemote[] | null>;
  /** What the tab runs now (registry and overrides). */
  running: () => ResolvedRemote[];
  /** Registers these remotes again and mounts them where they show. */
  apply: (changed: ResolvedRemote[]) => void;
  safe: () => boolean;
  now?: () => number;
}

/** The remotes whose version for this browser differs from what the tab runs (an override stays). */
export function changedRemotes(fresh: ResolvedRemote[], running: ResolvedRemote[]): ResolvedRemote[] {
  const byName = new Map(running.map((r) => [r.name, r]));
  return fresh.filter((r) => byName.get(r.name)?.source !== 'override' && byName.get(r.name)?.entry !== r.entry);
}

export function registryFollower({ read, running, apply, safe, now = Date.now }: FollowDeps) {
  let readAt = now();
  let pending: ResolvedRemote[] = [];
  let reading: Promise<void> | null = null;

  const applyIfSafe = (): boolean => {
    if (!pending.length || !safe()) return false;
    // Checked against what runs now: a Reintentar may have brought a remote up to date meanwhile.
    const changed = changedRemotes(pending, running());
    pending = [];
    if (changed.length) apply(changed);
    return changed.length > 0;
  };

  const check = async (): Promise<boolean> => {
    reading ??= read()
      .then((fresh) => {
        readAt = now();
        if (fresh) pending = changedRemotes(fresh, running());
      })
      .catch(() => undefined)
      .finally(() => {
        reading = null;
      });
    await reading;
    return applyIfSafe();
  };

  return {
    /** Reads the registry now and applies any change if it is safe (else keeps it for later). */
    check,
    /** A navigation or the tab shown again: a reading older than REGISTRY_MAX_AGE_MS is renewed. */
    async stale(): Promise<boolean> {
      if (now() - readAt >= REGISTRY_MAX_AGE_MS) return check();
      return applyIfSafe();
    },
    /** The tab's registry reading was renewed elsewhere (start-up, a Reintentar). */
    readNow() {
      readAt = now();
    },
    pending: () => [...pending],
  };
}
