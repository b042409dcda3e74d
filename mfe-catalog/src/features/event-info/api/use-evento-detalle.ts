import { getEventoDetalle, type EventoDetalle } from '@taquilla/shared/api/catalog';
import { useRequest, type RequestState } from '../../../lib/use-request';

/** The single event behind /eventos/informacion/:id. */
export function useEventoDetalle(id: string): RequestState<EventoDetalle> {
  return useRequest(`evento:${id}`, () => getEventoDetalle(id));
}
