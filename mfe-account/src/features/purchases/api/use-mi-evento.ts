import { getMiEvento } from '@taquilla/shared/api/cuenta';
import type { MiEventoDetalle } from '@taquilla/shared/schemas/cuenta';
import { useRequest, type RequestState } from '@taquilla/shared/use-request';

export function useMiEvento(eventoId: string, attempt: number): RequestState<MiEventoDetalle> {
  return useRequest(`mis_eventos/${eventoId}#${attempt}`, () => getMiEvento(eventoId));
}
