import { describe, expect, it } from 'vitest';
import { credencialesResponseSchema } from '../schemas/pagos';
import { getCredenciales } from './pagos';
import { fakeApiServer } from './testing';

const server = fakeApiServer();
const sandbox = { merchantId: 'm1', publicKey: 'pk_1', sandbox: true, proveedor: 'sandbox', scriptUrls: ['http://127.0.0.1:3000/sandbox/openpay.js'] };
server.answer = () => sandbox;

describe('payment calls', () => {
  it('getCredenciales asks GET /pagos/get/credenciales and returns the answer', async () => {
    expect(await getCredenciales()).toEqual(sandbox);
    expect(server.calls[0]?.method).toBe('get');
    expect(server.calls[0]?.url).toBe('/pagos/get/credenciales');
  });

  it('the schema refuses a script that is not http(s) or a gateway it does not know', () => {
    expect(credencialesResponseSchema.safeParse(sandbox).success).toBe(true);
    expect(credencialesResponseSchema.safeParse({ ...sandbox, scriptUrls: ['javascript:alert(1)'] }).success).toBe(false);
    expect(credencialesResponseSchema.safeParse({ ...sandbox, proveedor: 'stripe' }).success).toBe(false);
    expect(credencialesResponseSchema.safeParse({ ...sandbox, scriptUrls: [] }).success).toBe(false);
  });
});
