import type { Credenciales } from '@taquilla/shared/schemas/pagos';
import { DomainError } from '../../lib/errors';
import { GatewayError } from './gateway/gateway.errors';
import type { PaymentGateway } from './gateway/gateway.types';

/** Refusals caused by what the buyer sent (a card, a token, a field): fixable by the buyer. */
const BUYER_FIXABLE = new Set([1001, 1003, 1005, 2002, 2004, 2005, 2006, 2009]);

/**
 * A gateway refusal as our API answers it: the gateway's Spanish message with a status that
 * says who can fix it. Merchant-side problems (wrong keys 1002/1010, account issues) are not
 * the buyer's: they read as payments being unavailable, and the caller logs the details.
 */
export function gatewayFailure(err: GatewayError): DomainError {
  if (err.isDuplicateOrder) return new DomainError('PAGO_DUPLICADO', err.message);
  if (err.isCardDeclined) return new DomainError('PAGO_RECHAZADO', err.message);
  if (err.errorCode !== null && BUYER_FIXABLE.has(err.errorCode)) return new DomainError('PAGO_DATOS_INVALIDOS', err.message);
  if (err.isOutcomeUnknown) return new DomainError('PAGO_SIN_RESPUESTA', err.message);
  return new DomainError('PAGOS_NO_DISPONIBLES');
}

export function isGatewayFailure(err: unknown): err is GatewayError {
  return err instanceof GatewayError;
}

export function requireGateway(gateway: PaymentGateway | null): PaymentGateway {
  if (!gateway) throw new DomainError('PAGOS_NO_DISPONIBLES');
  return gateway;
}

/**
 * GET /pagos/get/credenciales: which gateway the browser talks to and the public keys for it.
 * Root-relative script URLs (the dev sandbox's, mounted on this server) are made absolute against the API's origin, which
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
