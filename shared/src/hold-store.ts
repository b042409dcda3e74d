import { atom } from 'jotai';
import { store } from './auth-state';
import type { GeneralRequest, HoldState, SavedHold, SavedHoldStore } from './hold';

/**
 * The page's one hold, as state every remote shares (this is the federation-singleton root of
 * `@taquilla/shared`): checkout drives it with `dispatchHold` (`@taquilla/shared/hold`, where its
 * shapes and lifecycle are declared), seating and the shell read it.
 */

/** sessionStorage key of the tab's saved hold (its capability), kept across a reload or a 3-D Secure round trip. */
export const SAVED_HOLD_KEY = 'taquilla:reserva';

export const initialHoldState: HoldState = { status: 'restoring' };

/** The page's hold, whose lifecycle checkout drives; seating shows its seats as the buyer's. */
export const holdAtom = atom<HoldState>(initialHoldState);

function isSavedHold(value: unknown): value is SavedHold {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const promo = v.promocion as Record<string, unknown> | null | undefined;
  return (
    typeof v.eventoId === 'string' &&
    typeof v.reservaId === 'string' &&
    typeof v.esGeneral === 'boolean' &&
    (v.volverA === undefined || (typeof v.volverA === 'string' && v.volverA.startsWith('/') && !v.volverA.startsWith('//'))) &&
    (promo === undefined || promo === null || (typeof promo.id === 'number' && typeof promo.clave === 'string'))
  );
}

/** Storage can throw (privacy mode, sandboxed frames): then the hold simply does not survive a reload. */
function readSession(): SavedHold | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(SAVED_HOLD_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isSavedHold(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function writeSession(hold: SavedHold | null): void {
  try {
    if (hold) globalThis.sessionStorage?.setItem(SAVED_HOLD_KEY, JSON.stringify(hold));
    else globalThis.sessionStorage?.removeItem(SAVED_HOLD_KEY);
  } catch {
    // Not persisted: the countdown still runs for this page view.
  }
}

// undefined: not read from sessionStorage yet. jotai/utils' atomWithStorage is not used: it
// imports 'jotai/vanilla', which the federation does not share (only 'jotai' is a singleton), so
// it would put a second copy of jotai in the shell's first load for these few lines.
const savedHoldValue = atom<SavedHold | null | undefined>(undefined);

/** The tab's saved hold, persisted in sessionStorage under SAVED_HOLD_KEY (malformed → null). */
export const savedHoldAtom = atom(
  (get) => {
    const value = get(savedHoldValue);
    return value === undefined ? readSession() : value;
  },
  (_get, set, hold: SavedHold | null) => {
    writeSession(hold);
    set(savedHoldValue, hold);
  },
);

/** savedHoldAtom in the page's store, as the read/write/clear that checkout's hold logic takes (tests pass their own). */
export const savedHold: SavedHoldStore = {
  read: () => store.get(savedHoldAtom),
  write: (hold) => store.set(savedHoldAtom, hold),
  clear: () => store.set(savedHoldAtom, null),
};

/**
 * A request for a general-admission section (seating's map, a click), not a hold: checkout's
 * modal takes it (and clears it) whenever it mounts, so a click made before the modal's code
 * arrived is not lost; the shell mounts the modal when one is there.
 */
export const generalRequestAtom = atom<GeneralRequest | null>(null);
