import type { TipoTarjeta, TipoTarjetaPayload } from '@taquilla/shared/schemas/pagos';
import type { Db } from '../../db/client';
import type { PaymentGateway } from '../pagos/gateway/gateway.types';
import { requireGateway } from '../pagos/pagos.service';
import { ownReserva, type Caller } from './ventas.access';

/**
 * POST /pagos/tipo-tarjeta: a new card's type, asked for the caller's own hold only (a guest
 * hold's id is its capability), so checkout offers meses sin intereses to credit cards alone
 * (decision 0033). Only the browser's token reaches us, never the card's digits or CVV. A bad
 * or used token is the gateway's 1005, answered as a Spanish 400 (useGatewayErrors).
 */
export async function tipoTarjeta(db: Db, gateway: PaymentGateway | null, input: TipoTarjetaPayload, caller: Caller): Promise<TipoTarjeta> {
  const gw = requireGateway(gateway);
  await ownReserva(db, input.reservaId, caller);
  const card = await gw.cardDetails(input.token_id, input.device_session_id);
  return { tipo: card.type, marca: card.brand, banco: card.bank, admiteMsi: card.type === 'credit' };
}
