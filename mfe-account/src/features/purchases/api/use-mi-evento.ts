import { getMiEvento, type MiEventoDetalle } from '@taquilla/shared/api/cuenta';
import { useRequest, type RequestState } from '@taquilla/shared/use-request';

export function useMiEvento(eventoId: string, attempt: number): RequestState<MiEventoDetalle> {
  return useRequest(`mis_eventos/${eventoId}#${attempt}`, () => getMiEvento(eventoId));
}
