import { getMiPerfil, type MiPerfil } from '@taquilla/shared/api/cuenta';
import { useRequest, type RequestState } from '@taquilla/shared/use-request';

export function useMiPerfil(attempt: number): RequestState<MiPerfil> {
  return useRequest(`mi_perfil#${attempt}`, getMiPerfil);
}
