/** Typed promotion calls (spec §7 "Promotions"): `@taquilla/shared/api/promociones`. */
import { apiRequest } from '@taquilla/shared';
import type { Promocion, ValidarPromoWebResponse } from '../schemas/promociones';

/** POST /promociones/validar_promo_web → the automatic promotions in force for the event. */
export function validarPromoWeb(eventoId: number): Promise<ValidarPromoWebResponse> {
  return apiRequest<ValidarPromoWebResponse>('POST', '/promociones/validar_promo_web', { evento_id: eventoId });
}

/** POST /promociones/validar_clave_web → the promotion behind a code (sent upper-cased). */
export function validarClaveWeb(eventoId: number, clave: string): Promise<Promocion> {
  return apiRequest<Promocion>('POST', '/promociones/validar_clave_web', { clave: clave.trim().toUpperCase(), evento_id: eventoId });
}
