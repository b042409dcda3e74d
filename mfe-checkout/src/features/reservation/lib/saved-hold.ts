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
  /** The page the hold was made on (path and query): where 'Intentar con otra tarjeta' goes back to. */
  volverA?: string;
  /** The discount code applied to this hold, re-applied (by the server) when the hold is restored. */
  promocion?: { id: number; clave: string } | null;
}

export interface SavedHoldStore {
  read(): SavedHold | null;
  write(hold: SavedHold): void;
  clear(): void;
}

/** Keeps (or forgets, with null) the code applied to the saved hold `reservaId`; another hold is left alone. */
export function rememberCode(store: SavedHoldStore, reservaId: string, promocion: { id: number; clave: string } | null): void {
  const saved = store.read();
  if (saved?.reservaId === reservaId) store.write({ ...saved, promocion });
}

/** The code saved with the hold `reservaId`, if any. */
export function savedCode(store: SavedHoldStore, reservaId: string): { id: number; clave: string } | null {
  const saved = store.read();
  return saved?.reservaId === reservaId ? (saved.promocion ?? null) : null;
}


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
