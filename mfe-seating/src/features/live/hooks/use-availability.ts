import { useEffect, useRef } from 'react';
import { disponibilidadUrl } from '@taquilla/shared/api/reservas';
import { connectAvailability, type AvailabilityHandlers } from '../lib/availability-stream';

/**
 * Keeps the event's availability stream open while the component is mounted; while the server
 * refuses it or it is down, `onResync` runs every few seconds instead (polling). Handlers may be
 * new closures on every render; the stream is reopened only when the event changes. `since`
 * (the seat page): the section and the version it shows, for the stream's `?seccion=&desde=`.
 */
export function useAvailability(eventoId: string, handlers: AvailabilityHandlers, since?: () => { seccionId: string; desde: number | undefined }): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  const sinceRef = useRef(since);
  sinceRef.current = since;
  useEffect(() => {
    if (!eventoId || typeof EventSource === 'undefined') return;
    // Asked on every (re)open: a seat page's stream starts from the version it shows by then.
    const url = () => {
      const s = sinceRef.current?.();
      return disponibilidadUrl(eventoId, s && s.desde !== undefined ? { seccionId: s.seccionId, desde: s.desde } : undefined);
    };
    return connectAvailability(
      url,
      {
        onAsientos: (c) => ref.current.onAsientos?.(c),
        onGeneral: (c) => ref.current.onGeneral?.(c),
        onResync: () => ref.current.onResync?.(),
        onRecargar: (s) => ref.current.onRecargar?.(s),
      },
      {
        create: (url) => new EventSource(url),
        setTimeout: (fn, ms) => window.setTimeout(fn, ms),
        clearTimeout: (handle) => window.clearTimeout(handle as number),
      },
    );
  }, [eventoId]);
}
