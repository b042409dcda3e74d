import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config';
import type { PagosConfig } from '../src/modules/pagos/pagos.config';
import { buildTestApp, type TestApp } from './support/app';
import { runServerOnce } from './support/api-process';
import { SANDBOX_MERCHANT_ID, SANDBOX_TOKEN_AUTH } from './support/http-sale';

/** The payment slice of the one configuration read from `env`. */
const readPagosConfig = (env: NodeJS.ProcessEnv): PagosConfig => readConfig(env).pagos;

/**
 * The Openpay sandbox (platform/openpay-sandbox) never stands in for payments in production: the
 * API has no gateway but Openpay's adapter, pays nowhere without keys, and only the development
 * entry point (dev/main.ts), which refuses NODE_ENV=production, mounts the sandbox.
 */

let off: TestApp;

beforeAll(async () => {
  off = await buildTestApp({ config: { pagos: readPagosConfig({ NODE_ENV: 'production' }) } });
});
afterAll(async () => off?.close());

describe('never in production', () => {
  it('without Openpay keys payments are off, in production and outside it; keys half set are off too', () => {
    const prod = readPagosConfig({ NODE_ENV: 'production' });
    expect(prod).toEqual({ proveedor: 'desactivado', motivo: 'Define OPENPAY_MERCHANT_ID, OPENPAY_PRIVATE_KEY y OPENPAY_PUBLIC_KEY.' });
    expect(readPagosConfig({}).proveedor).toBe('desactivado');
    expect(readPagosConfig({ OPENPAY_MERCHANT_ID: 'm', OPENPAY_PRIVATE_KEY: 'sk' })).toEqual({
      proveedor: 'desactivado',
      motivo: 'Openpay está configurado a medias: falta OPENPAY_PUBLIC_KEY.',
    });
    const keys = { OPENPAY_MERCHANT_ID: 'm', OPENPAY_PRIVATE_KEY: 'sk', OPENPAY_PUBLIC_KEY: 'pk' };
    expect(readPagosConfig({ ...keys, NODE_ENV: 'production' })).toMatchObject({
      proveedor: 'openpay',
      production: false,
      apiUrl: 'https://sandbox-api.openpay.mx',
    });
    expect(readPagosConfig({ ...keys, OPENPAY_PRODUCTION: '1' })).toMatchObject({ proveedor: 'openpay', production: true, apiUrl: 'https://api.openpay.mx' });
    expect(readPagosConfig({ ...keys, OPENPAY_PRODUCTION: '1' })).not.toHaveProperty('scriptUrls');
  });

  it('the API serves no sandbox page, and says payments are unavailable', async () => {
    expect((await off.app.inject('/sandbox/openpay.js')).statusCode).toBe(404);
    expect((await off.app.inject('/sandbox/pagos')).statusCode).toBe(404);
    const token = await off.app.inject({
      method: 'POST',
      url: `/sandbox/v1/${SANDBOX_MERCHANT_ID}/tokens`,
      headers: { authorization: SANDBOX_TOKEN_AUTH, 'content-type': 'application/json' },
      payload: '{"card_number":"4111111111111111"}',
    });
    expect(token.statusCode).toBe(404);
    const cred = await off.request('/api/v1/pagos/get/credenciales');
    expect(cred.statusCode).toBe(503);
    expect(cred.json().message).toBe('Los pagos no están disponibles en este momento. Intenta más tarde.');
  });

  it('the development entry point refuses NODE_ENV=production', () => {
    const result = runServerOnce({ NODE_ENV: 'production' }, 'dev/main.ts');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('dev/main.ts no se usa con NODE_ENV=production');
  });
});
