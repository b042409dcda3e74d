/**
 * Typed payment calls (spec §7 "Payments"). Import from `@taquilla/shared/api/pagos`.
 * Type-only schema imports (no zod in the browser bundle); the server validates its answers
 * against the same schemas.
 */
import { apiRequest } from '@taquilla/shared';
import type { Credenciales } from '../schemas/pagos';

export type { Credenciales };

/** GET /pagos/get/credenciales → the gateway (sandbox or Openpay), its public keys and the scripts to load. */
export function getCredenciales(): Promise<Credenciales> {
  return apiRequest<Credenciales>('GET', '/pagos/get/credenciales');
}
