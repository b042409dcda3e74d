import type { ResolvedRemote } from './registry';

/**
 * Open tabs follow the registry (docs/decisions/0025): a tab reads remotes.json again every
 * REGISTRY_POLL_MS (host.ts) while it is visible, when it becomes visible and on a navigation once its
 * last reading is REGISTRY_MAX_AGE_MS old. A remote whose version changed (a release, a
 * rollback, a canary promoted or aborted) is registered again and its slots mount the new
 * version — at the next safe moment: never while a purchase is in progress.
 */
export const REGISTRY_MAX_AGE_MS = 10_000;

export interface FollowDeps {
  /** The registry read afresh, each remote's version chosen for this browser (no pins); null when unreadable. */
  read: () => Promise<ResolvedRemote[] | null>;
  /** What the tab runs now (registry and overrides). */
  running: () => ResolvedRemote[];
  /** Registers these remotes again and mounts them where they show. */
  apply: (changed: ResolvedRemote[]) => void;
  safe: () => boolean;
  now?: () => number;
  /** When the tab last read the registry (its start-up reading, taken before this module arrived); default: now. */
  readAt?: number;
}

/** The remotes whose version for this browser differs from what the tab runs (an override stays). */
export function changedRemotes(fresh: ResolvedRemote[], running: ResolvedRemote[]): ResolvedRemote[] {
  const byName = new Map(running.map((r) => [r.name, r]));
  return fresh.filter((r) => byName.get(r.name)?.source !== 'override' && byName.get(r.name)?.entry !== r.entry);
}

export function registryFollower({ read, running, apply, safe, now = Date.now, readAt: lastRead }: FollowDeps) {
  let readAt = lastRead ?? now();
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
