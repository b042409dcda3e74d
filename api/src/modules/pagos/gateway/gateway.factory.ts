import type { Db } from '../../../db/client';
import type { PagosConfig } from '../pagos.config';
import type { ClientLog } from './openpay.client';
import { OpenpayGateway } from './openpay.gateway';
import { SandboxGateway } from './sandbox.gateway';
import type { PaymentGateway } from './gateway.types';

/** The gateway the configuration asks for; null when payments are off (config.motivo says why). */
export function createPaymentGateway(config: PagosConfig, db: Db, log?: ClientLog): PaymentGateway | null {
  switch (config.proveedor) {
    case 'openpay':
      return new OpenpayGateway(config, log);
    case 'sandbox':
      return new SandboxGateway(db, config.publicUrl);
    case 'desactivado':
      return null;
  }
}
