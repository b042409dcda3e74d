import { getMisEventos, type MisEventos } from '@taquilla/shared/api/cuenta';
import { useRequest, type RequestState } from '@taquilla/shared/use-request';

export function useMisEventos(attempt: number): RequestState<MisEventos> {
  return useRequest(`mis_eventos#${attempt}`, getMisEventos);
}
