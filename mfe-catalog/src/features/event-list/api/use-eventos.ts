import { bus } from '@taquilla/shared';
import { getEventos } from '@taquilla/shared/api/catalog';
import type { Evento } from '@taquilla/shared/schemas/catalog';
import { useRequest, type RequestState } from '@taquilla/shared/use-request';
import { catalogMessages } from '@taquilla/shared/messages/catalog';

/** The event list, loaded once per visit; filters work on it locally (no refetch per click). */
export function useEventos(): RequestState<Evento[]> {
  return useRequest('eventos', getEventos, () =>
    // Spec §8: the list failure is announced as a toast; the page shows the detailed alert.
    bus.emit('ui:toast', { kind: 'error', message: catalogMessages.EVENT_LIST_FAILED }),
  );
}
