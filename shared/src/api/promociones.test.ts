import { describe, expect, it } from 'vitest';
import { validarClaveWeb, validarPromoWeb } from './promociones';
import { fakeApiServer } from './testing';

const server = fakeApiServer();
server.answer = () => ({ total: 0, promocionesAplicaDirecto: [] });
const calls = server.calls;

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
