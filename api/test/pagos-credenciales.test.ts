import { credencialesResponseSchema } from '@taquilla/shared/schemas/pagos';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config';
import type { PagosConfig } from '../src/modules/pagos/pagos.config';
import { buildTestApp, TEST_API_KEY, type TestApp } from './support/app';
import { buildSandboxApp, type SandboxApp } from './support/sandbox';

/** The payment slice of the one configuration read from `env`. */
const readPagosConfig = (env: NodeJS.ProcessEnv): PagosConfig => readConfig(env).pagos;

/** GET /pagos/get/credenciales for each configuration (the dev Openpay sandbox, Openpay's sandbox, Openpay production). */

let t: SandboxApp;
const others: TestApp[] = [];

beforeAll(async () => {
  t = await buildSandboxApp();
});
afterAll(async () => {
  for (const other of others) await other.close();
  await t?.close();
});

/** Another app on the same database with another payment configuration. */
async function appWith(pagos: PagosConfig): Promise<FastifyInstance> {
  const other = await buildTestApp({ database: t.database, config: { pagos } });
  others.push(other);
  return other.app;
}

const get = (app: FastifyInstance, headers: Record<string, string> = {}) =>
  app.inject({ url: '/api/v1/pagos/get/credenciales', headers: { 'x-api-key': TEST_API_KEY, ...headers } });

const openpayKeys = {
  OPENPAY_MERCHANT_ID: 'mzdtln0bmtms6o3kck8f',
  OPENPAY_PRIVATE_KEY: 'sk_e568c42a6c384b7ab02cd47d2e407cab',
  OPENPAY_PUBLIC_KEY: 'pk_f0660ad5a39f4912872e24a7a660370c',
};

describe('GET /pagos/get/credenciales', () => {
  it('the dev sandbox (pnpm start): its merchant and public key, its OpenPay.js on the API origin', async () => {
    const res = await get(t.app, { host: '127.0.0.1:3000' });
    expect(res.statusCode).toBe(200);
    expect(credencialesResponseSchema.parse(res.json())).toEqual({
      merchantId: 'msandboxtaquilla',
      publicKey: 'pk_sandbox_taquilla',
      sandbox: true,
      proveedor: 'openpay',
      scriptUrls: ['http://127.0.0.1:3000/sandbox/openpay.js'],
    });
    // The script it names is really there.
    expect((await t.app.inject('/sandbox/openpay.js')).statusCode).toBe(200);
  });

  it('the dev sandbox with PUBLIC_URL: the script under that origin', async () => {
    const other = await buildTestApp({ database: t.database, env: { ...t.sandbox.env, PUBLIC_URL: 'https://taquilla.example/' } });
    others.push(other);
    const app = other.app;
    expect(credencialesResponseSchema.parse((await get(app)).json()).scriptUrls).toEqual(['https://taquilla.example/sandbox/openpay.js']);
  });

  it('Openpay (its sandbox): merchant id and public key only — never the private key — and Openpay’s own scripts', async () => {
    const app = await appWith(readPagosConfig(openpayKeys));
    const res = await get(app);
    expect(res.statusCode).toBe(200);
    expect(credencialesResponseSchema.parse(res.json())).toEqual({
      merchantId: openpayKeys.OPENPAY_MERCHANT_ID,
      publicKey: openpayKeys.OPENPAY_PUBLIC_KEY,
      sandbox: true,
      proveedor: 'openpay',
      scriptUrls: ['https://js.openpay.mx/openpay.v1.min.js', 'https://js.openpay.mx/openpay-data.v1.min.js'],
    });
    expect(res.body).not.toContain(openpayKeys.OPENPAY_PRIVATE_KEY);
    // Without the dev entry (dev/main.ts), no sandbox page is served.
    expect((await app.inject('/sandbox/openpay.js')).statusCode).toBe(404);
  });

  it('Openpay production: sandbox false', async () => {
    const app = await appWith(readPagosConfig({ ...openpayKeys, OPENPAY_PRODUCTION: '1' }));
    expect((await get(app)).json()).toMatchObject({ proveedor: 'openpay', sandbox: false });
  });

  it('needs the API key like every /api/v1 call', async () => {
    const res = await t.app.inject({ url: '/api/v1/pagos/get/credenciales' });
    expect(res.statusCode).toBe(401);
  });
});
