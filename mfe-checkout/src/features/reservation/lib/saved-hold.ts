import { SAVED_HOLD_KEY } from '@taquilla/shared';

/**
 * The live hold of this tab, kept in sessionStorage so a reload (or the 3-D Secure round trip
 * of the next issue) finds it again. Only the capability is stored — the server answers the
 * rest (getReserva), so nothing here can be trusted stale. One per tab: a new hold replaces it.
 */
export interface SavedHold {
  eventoId: string;
  reservaId: string;
  esGeneral: boolean;
}

export interface SavedHoldStore {
  read(): SavedHold | null;
  write(hold: SavedHold): void;
  clear(): void;
}


function isSavedHold(value: unknown): value is SavedHold {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.eventoId === 'string' && typeof v.reservaId === 'string' && typeof v.esGeneral === 'boolean';
}

/** Storage can throw (privacy mode, sandboxed frames): then the hold simply does not survive a reload. */
export function sessionHoldStore(storage: () => Storage | undefined = () => globalThis.sessionStorage): SavedHoldStore {
  return {
    read() {
      try {
        const raw = storage()?.getItem(SAVED_HOLD_KEY);
        const parsed: unknown = raw ? JSON.parse(raw) : null;
        return isSavedHold(parsed) ? parsed : null;
      } catch {
        return null;
      }
    },
    write(hold) {
      try {
        storage()?.setItem(SAVED_HOLD_KEY, JSON.stringify(hold));
      } catch {
        // Not persisted: the countdown still runs for this page view.
      }
    },
    clear() {
      try {
        storage()?.removeItem(SAVED_HOLD_KEY);
      } catch {
        // Nothing stored, nothing to clear.
      }
    },
  };
}
