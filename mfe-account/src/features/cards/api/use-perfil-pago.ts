import { getMiPerfilPago } from '@taquilla/shared/api/cuenta';
import type { PerfilPago } from '@taquilla/shared/schemas/cuenta';
import { useRequest, type RequestState } from '@taquilla/shared/use-request';

export function usePerfilPago(attempt: number): RequestState<PerfilPago> {
  return useRequest(`perfil_pago#${attempt}`, getMiPerfilPago);
}
