import { bus } from '@taquilla/shared';
import { getEventos } from '@taquilla/shared/api/catalogo';
import type { Evento } from '@taquilla/shared/schemas/catalogo';
import { useRequest, type RequestState } from '@taquilla/shared/use-request';
import { catalogoMessages } from '@taquilla/shared/messages/catalogo';

/** The event list, loaded once per visit; filters work on it locally (no refetch per click). */
export function useEventos(): RequestState<Evento[]> {
  return useRequest('eventos', getEventos, () =>
    // Spec §8: the list failure is announced as a toast; the page shows the detailed alert.
    bus.emit('ui:toast', { kind: 'error', message: catalogoMessages.EVENT_LIST_FAILED }),
  );
}
