import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import type { PagosDiferidosConfig } from '../pagos/pagos.config';
import type { PaymentGateway } from '../pagos/gateway/gateway.types';
import type { DisponibilidadPublisher } from '../reservas/disponibilidad.publisher';

/**
 * What each sale call needs (built per request by `ventaDeps` in ventas.routes.ts from the app's
 * decorators). Its own file so the service, the settlement and the resends share it without
 * importing each other.
 */
export interface VentaDeps {
  db: Db;
  gateway: PaymentGateway | null;
  publisher: DisponibilidadPublisher | undefined;
  use3ds: boolean;
  /** Storefront origin for the 3-D Secure return page, and what a root-relative gateway link (the dev sandbox's) is resolved against. */
  publicUrl: string;
  /** Queues the tickets e-mail in the same transaction as the sale. */
  mailer?: Mailer;
  /** Cash and SPEI deadlines (`app.config.pagosDiferidos`). */
  diferidos: PagosDiferidosConfig;
}
