import { getMisEventos } from '@taquilla/shared/api/cuenta';
import type { MisEventos } from '@taquilla/shared/schemas/cuenta';
import { useRequest, type RequestState } from '@taquilla/shared/use-request';

export function useMisEventos(attempt: number): RequestState<MisEventos> {
  return useRequest(`mis_eventos#${attempt}`, getMisEventos);
}
