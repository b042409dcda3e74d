import type { FastifyInstance } from 'fastify';
import { sandboxForShop } from '@taquilla/openpay-sandbox';
import { startApi, startFailed } from '../src/start';

/**
 * The development entry point (`pnpm start`, `pnpm dev` in api/, the e2e server): the API of
 * src/start.ts paying through the Openpay sandbox of platform/openpay-sandbox — the real Openpay
 * adapter, pointed at the sandbox on a loopback port, whose browser side (OpenPay.js, the 3-D
 * Secure page, the cash/SPEI till at /sandbox/pagos) is mounted on this server. With
 * OPENPAY_* keys in the environment it pays through those instead. Never in production: the
 * production build bundles src/main.ts only.
 */
async function dev(): Promise<void> {
  if (process.env.NODE_ENV === 'production')
    throw new Error('dev/main.ts no se usa con NODE_ENV=production: arranca src/main.ts (o dist/main.mjs) con las llaves de Openpay.');
  if (process.env.OPENPAY_MERCHANT_ID || process.env.OPENPAY_PRIVATE_KEY || process.env.OPENPAY_PUBLIC_KEY) {
    await startApi();
    return;
  }
  let app: FastifyInstance | undefined;
  // Openpay notifies the shop's webhook; here it is a call into this same server.
  const sandbox = await sandboxForShop({ webhook: async (event) => app?.inject({ method: 'POST', url: '/webhooks/pagos', payload: event }) });
  Object.assign(process.env, sandbox.env);
  app = await startApi({ extraModules: [sandbox.module] });
  // The process ends on SIGTERM/SIGINT (src/plugins/lifecycle.ts), the sandbox's listener with it.
}

dev().catch(startFailed);
