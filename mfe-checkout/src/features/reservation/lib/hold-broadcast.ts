/**
 * Tells the other tabs of this browser that a hold was just made. The server keeps one live hold
 * per buyer and event, so a hold made in one tab ends the one another tab shows; that tab hears
 * it here at once (the `storage` event fires in every other tab of the origin) and asks the
 * server whether its own hold is still live.
 */
const HOLD_BROADCAST_KEY = 'taquilla:reserva-nueva';

export interface HoldAnnouncement {
  eventoId: string;
  reservaId: string;
}

export interface HoldBroadcast {
  announce(hold: HoldAnnouncement): void;
  /** Calls `listener` for each hold another tab announces; returns the unsubscribe. */
  subscribe(listener: (hold: HoldAnnouncement) => void): () => void;
}

function parse(raw: string | null): HoldAnnouncement | null {
  try {
    const v = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    return v && typeof v.eventoId === 'string' && typeof v.reservaId === 'string' ? { eventoId: v.eventoId, reservaId: v.reservaId } : null;
  } catch {
    return null;
  }
}

/** Over localStorage; storage that throws (privacy mode) just announces nothing. */
export function storageHoldBroadcast(): HoldBroadcast {
  return {
    announce(hold) {
      try {
        // A fresh value every time: the same hold announced twice still fires the event.
        globalThis.localStorage?.setItem(HOLD_BROADCAST_KEY, JSON.stringify({ ...hold, at: Date.now() }));
      } catch {
        // Other tabs learn it when they next look (on becoming visible).
      }
    },
    subscribe(listener) {
      if (typeof window === 'undefined') return () => undefined;
      const onStorage = (event: StorageEvent) => {
        if (event.key !== HOLD_BROADCAST_KEY) return;
        const hold = parse(event.newValue);
        if (hold) listener(hold);
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
}
