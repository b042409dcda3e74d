import { ApiError } from '@taquilla/shared';
import { getEventoDetalle } from '@taquilla/shared/api/catalogo';
import type { EventoDetalle } from '@taquilla/shared/schemas/catalogo';
import { useRequest, type RequestState } from '@taquilla/shared/use-request';
import { catalogoMessages } from '@taquilla/shared/messages/catalogo';

/** An id the API could know: 1..int4, digits only. Anything else is answered without a request. */
const EVENTO_ID = /^[1-9][0-9]{0,9}$/;

/**
 * The single event behind /eventos/informacion/:id. A malformed id (a typo, a truncated link)
 * is simply an event that does not exist: the buyer sees 'El evento no existe.', not the
 * API's validation text.
 */
export function useEventoDetalle(id: string): RequestState<EventoDetalle> {
  return useRequest(`evento:${id}`, () =>
    EVENTO_ID.test(id) && Number(id) <= 2147483647
      ? getEventoDetalle(id)
      : Promise.reject(new ApiError({ status: 404, messages: [catalogoMessages.EVENT_NOT_FOUND] })),
  );
}
