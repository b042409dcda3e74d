import type { Credenciales } from '@taquilla/shared/schemas/pagos';
import { DomainError, registerErrors } from '../../lib/errors';
import type { PaymentGateway } from './gateway/types';

registerErrors({
  PAGOS_NO_DISPONIBLES: { status: 503, message: 'Los pagos no están disponibles en este momento. Intenta más tarde.' },
});

export function requireGateway(gateway: PaymentGateway | null): PaymentGateway {
  if (!gateway) throw new DomainError('PAGOS_NO_DISPONIBLES');
  return gateway;
}

/**
 * GET /pagos/get/credenciales: which gateway the browser talks to and the public keys for it.
 * Root-relative script URLs (the sandbox's) are made absolute against the API's origin, which
 * is where the browser must fetch them from.
 */
export function credenciales(gateway: PaymentGateway | null, apiOrigin: string): Credenciales {
  const c = requireGateway(gateway).publicCredentials();
  return {
    merchantId: c.merchantId,
    publicKey: c.publicKey,
    sandbox: c.sandbox,
    proveedor: c.proveedor,
    scriptUrls: c.scriptUrls.map((u) => new URL(u, apiOrigin).href),
  };
}
