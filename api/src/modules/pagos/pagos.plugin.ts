import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorHandler } from '../../plugins/error-handler';
import { createPaymentGateway } from './gateway/gateway.factory';
import type { PaymentGateway } from './gateway/gateway.types';
import { gatewayFailure, isGatewayFailure } from './pagos.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Service 'pagos': the payment gateway, made once from `config.pagos` (null: payments are off). */
    pagos: { gateway: PaymentGateway | null };
  }
}

/** Service 'pagos': the one PaymentGateway of the app (`app.pagos.gateway`), chosen from `app.config.pagos`. */
export const pagosServices = fp(
  async (app) => {
    const config = app.config.pagos;
    const gateway = createPaymentGateway(config, app.log);
    if (config.proveedor === 'desactivado') app.log.error(`Pagos desactivados: ${config.motivo}`);
    else app.log.info({ proveedor: config.proveedor }, 'pasarela de pagos');
    app.decorate('pagos', { gateway });
  },
  { name: 'pagos' },
);

/**
 * In the calling context, a GatewayError thrown by a route answers with its Spanish message and
 * a status that says who can fix it; everything else goes to the one error handler unchanged.
 * Every module whose routes call the gateway sets it (pagos, ventas, cuenta's cards).
 */
export function useGatewayErrors(app: FastifyInstance): void {
  app.setErrorHandler(function (error, request, reply) {
    if (!isGatewayFailure(error)) return errorHandler.call(this, error as FastifyError, request, reply);
    const mapped = gatewayFailure(error);
    const log = { errorCode: error.errorCode, httpStatus: error.httpStatus, description: error.description, requestId: error.requestId };
    if (mapped.status >= 500) request.log.error(log, 'pasarela de pagos');
    else request.log.info(log, 'pago rechazado');
    return errorHandler.call(this, mapped as unknown as FastifyError, request, reply);
  });
}
