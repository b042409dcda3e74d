import { sandboxForShop, type ShopSandbox } from '@taquilla/openpay-sandbox';
import { expect } from 'vitest';
import { GatewayError } from '../../src/modules/pagos/gateway/gateway.errors';
import { buildTestApp, type TestApp, type TestAppOptions } from './app';

export type SandboxApp = TestApp & { sandbox: ShopSandbox };

/**
 * A test app paying through the Openpay sandbox (platform/openpay-sandbox), as `pnpm start` runs
 * the API: Openpay's real adapter talking HTTP to the sandbox on a loopback port, the sandbox's
 * browser side mounted at /sandbox, its notifications sent to this app's webhook.
 */
export async function buildSandboxApp(opts: TestAppOptions = {}): Promise<SandboxApp> {
  let app: TestApp | undefined;
  const sandbox = await sandboxForShop({ webhook: async (event) => app?.app.inject({ method: 'POST', url: '/webhooks/pagos', payload: event }) });
  try {
    app = await buildTestApp({ ...opts, env: { ...sandbox.env, ...opts.env }, extraModules: [...(opts.extraModules ?? []), sandbox.module] });
  } catch (err) {
    await sandbox.close();
    throw err;
  }
  const closeApp = app.close;
  return Object.assign(app, {
    sandbox,
    close: async () => {
      await closeApp();
      await sandbox.close();
    },
  });
}

/** The GatewayError `p` rejects with (the test fails if it resolves or rejects with anything else). */
export async function rejection(p: Promise<unknown>): Promise<GatewayError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GatewayError);
  return err as GatewayError;
}
