import { useEffect, useRef } from 'react';
import { disponibilidadUrl } from '@taquilla/shared/api/reservas';
import { connectAvailability, type AvailabilityHandlers } from '../lib/availability-stream';

/**
 * Keeps the event's availability stream open while the component is mounted; while the server
 * refuses it or it is down, `onResync` runs every few seconds instead (polling). Handlers may be
 * new closures on every render; the stream is reopened only when the event changes.
 */
export function useAvailability(eventoId: string, handlers: AvailabilityHandlers): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    if (!eventoId || typeof EventSource === 'undefined') return;
    return connectAvailability(
      disponibilidadUrl(eventoId),
      {
        onAsientos: (c) => ref.current.onAsientos?.(c),
        onGeneral: (c) => ref.current.onGeneral?.(c),
        onResync: () => ref.current.onResync?.(),
      },
      {
        create: (url) => new EventSource(url),
        setTimeout: (fn, ms) => window.setTimeout(fn, ms),
        clearTimeout: (handle) => window.clearTimeout(handle as number),
      },
    );
  }, [eventoId]);
}
