import type { PagosConfig } from '../pagos.config';
import type { ClientLog } from './openpay.client';
import { OpenpayGateway } from './openpay.gateway';
import type { PaymentGateway } from './gateway.types';

/**
 * The gateway the configuration asks for: Openpay's API at `config.apiUrl` (Openpay, or in
 * development and tests the Openpay sandbox of platform/openpay-sandbox); null when payments
 * are off (config.motivo says why).
 */
export function createPaymentGateway(config: PagosConfig, log?: ClientLog): PaymentGateway | null {
  return config.proveedor === 'openpay' ? new OpenpayGateway(config, log) : null;
}
