import { getCategorias } from '@taquilla/shared/api/catalogo';
import type { Categoria } from '@taquilla/shared/schemas/catalogo';
import { useRequest, type RequestState } from '@taquilla/shared/use-request';

/** Category chips. A failure only hides the chips: the list itself still works. */
export function useCategorias(): RequestState<Categoria[]> {
  return useRequest('categorias', getCategorias);
}
