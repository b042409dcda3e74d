import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient, setRuntimeConfig } from '@taquilla/shared';
import { validarClaveWeb, validarPromoWeb } from './promociones';

let calls: InternalAxiosRequestConfig[] = [];
const original = apiClient.defaults.adapter;

beforeEach(() => {
  calls = [];
  setRuntimeConfig({ apiBaseUrl: '/api/v1', apiKey: 'k' });
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    return { data: { total: 0, promocionesAplicaDirecto: [] }, status: 200, statusText: 'OK', headers: {}, config };
  };
  apiClient.defaults.adapter = adapter;
});
afterEach(() => {
  apiClient.defaults.adapter = original;
});

describe('promotion calls', () => {
  it('validarClaveWeb sends the code trimmed and upper-cased, with evento_id', async () => {
    await validarClaveWeb(7, ' luna20 ');
    expect(calls[0]?.method).toBe('post');
    expect(calls[0]?.url).toBe('/promociones/validar_clave_web');
    expect(JSON.parse(String(calls[0]?.data))).toEqual({ clave: 'LUNA20', evento_id: 7 });
  });

  it('validarPromoWeb asks for the automatic promotions of the event', async () => {
    expect(await validarPromoWeb(7)).toEqual({ total: 0, promocionesAplicaDirecto: [] });
    expect(calls[0]?.url).toBe('/promociones/validar_promo_web');
    expect(JSON.parse(String(calls[0]?.data))).toEqual({ evento_id: 7 });
  });
});
