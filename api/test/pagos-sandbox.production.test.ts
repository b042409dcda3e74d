import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../src/config';
import type { PagosConfig } from '../src/modules/pagos/pagos.config';
import { SANDBOX_MERCHANT_ID, SANDBOX_PUBLIC_KEY, SandboxGateway } from '../src/modules/pagos/gateway/sandbox.gateway';
import { buildTestApp, type TestApp } from './support/app';

/** The payment slice of the one configuration read from `env`. */
const readPagosConfig = (env: NodeJS.ProcessEnv): PagosConfig => readConfig(env).pagos;

/** The sandbox never stands in for payments in production. */

let t: TestApp;
const auth = `Basic ${Buffer.from(`${SANDBOX_PUBLIC_KEY}:`).toString('base64')}`;

beforeAll(async () => {
  t = await buildTestApp({ config: { pagos: { proveedor: 'sandbox', publicUrl: undefined } } });
});
afterAll(async () => t?.close());

describe('never in production', () => {
  it('the configuration turns payments off instead of using the sandbox', () => {
    expect(readPagosConfig({})).toEqual({ proveedor: 'sandbox', publicUrl: undefined });
    const prod = readPagosConfig({ NODE_ENV: 'production' });
    expect(prod.proveedor).toBe('desactivado');
    expect(prod.proveedor === 'desactivado' && prod.motivo).toContain('NODE_ENV=production');
    expect(readPagosConfig({ OPENPAY_MERCHANT_ID: 'm', OPENPAY_PRIVATE_KEY: 'sk' })).toEqual({ proveedor: 'desactivado', motivo: 'Openpay está configurado a medias: falta OPENPAY_PUBLIC_KEY.' });
    const keys = { OPENPAY_MERCHANT_ID: 'm', OPENPAY_PRIVATE_KEY: 'sk', OPENPAY_PUBLIC_KEY: 'pk' };
    expect(readPagosConfig({ ...keys, NODE_ENV: 'production' })).toMatchObject({ proveedor: 'openpay', production: false, apiUrl: 'https://sandbox-api.openpay.mx' });
    expect(readPagosConfig({ ...keys, OPENPAY_PRODUCTION: '1' })).toMatchObject({ proveedor: 'openpay', production: true, apiUrl: 'https://api.openpay.mx' });
  });

  it('the sandbox gateway refuses to exist with NODE_ENV=production, and its pages are gone', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    try {
      expect(() => new SandboxGateway(t.database.db, undefined)).toThrow('NODE_ENV=production');
    } finally {
      vi.unstubAllEnvs();
    }
    const off = await buildTestApp({ config: { pagos: readPagosConfig({ NODE_ENV: 'production' }) } });
    try {
      expect((await off.app.inject('/sandbox/openpay.js')).statusCode).toBe(404);
      expect((await postTokenTo(off)).statusCode).toBe(404);
      const cred = await off.request('/api/v1/pagos/get/credenciales');
      expect(cred.statusCode).toBe(503);
      expect(cred.json().message).toBe('Los pagos no están disponibles en este momento. Intenta más tarde.');
    } finally {
      await off.close();
    }
  });
});

function postTokenTo(app: TestApp) {
  return app.app.inject({ method: 'POST', url: `/sandbox/v1/${SANDBOX_MERCHANT_ID}/tokens`, headers: { authorization: auth, 'content-type': 'application/json' }, payload: '{"card_number":"4111111111111111"}' });
}
