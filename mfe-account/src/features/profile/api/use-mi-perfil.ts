import { getMiPerfil } from '@taquilla/shared/api/cuenta';
import type { MiPerfil } from '@taquilla/shared/schemas/cuenta';
import { useRequest, type RequestState } from '@taquilla/shared/use-request';

export function useMiPerfil(attempt: number): RequestState<MiPerfil> {
  return useRequest(`mi_perfil#${attempt}`, getMiPerfil);
}
