import { describe, expect, it } from 'vitest';
import { credencialesResponseSchema } from '../schemas/pagos';
import { pagoMessages } from '../messages/pagos';
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

describe('sale calls', () => {
  it('makeCargo, checkCargoInvitado, aplicarPromo and getResumenReserva hit the documented routes', async () => {
    const { makeCargo, checkCargoInvitado, aplicarPromo, getResumenReserva } = await import('./pagos');
    server.calls.length = 0;
    server.answer = () => ({});
    const reservaId = '6f1c9a52-3a55-4bb4-8d0e-6f4b8c2a9e11';
    await makeCargo({ reservaId, esGeneral: false, source_id: 'tok_1', device_session_id: 'dev', amount: 1000 });
    await checkCargoInvitado('inv/1', 'ch 1', { reservaId, esGeneral: true });
    await aplicarPromo({ promocionId: 3, eventoId: 1, reservaId });
    await getResumenReserva(1, reservaId);
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'post /pagos/make/cargo',
      'post /pagos/check/cargo_invitado/inv%2F1/ch%201',
      'post /pagos/aplicar-promo',
      `get /eventos/1/reservas/${reservaId}/resumen`,
    ]);
  });

  it('the make/cargo schema drops card data (no field for it) and refuses a non-integer amount', async () => {
    const { makeCargoSchema } = await import('../schemas/pagos');
    const base = { reservaId: '6f1c9a52-3a55-4bb4-8d0e-6f4b8c2a9e11', source_id: 'tok', device_session_id: 'd', amount: 100 };
    const parsed = makeCargoSchema.parse({ ...base, card_number: '4111111111111111', cvv2: '123' });
    expect(JSON.stringify(parsed)).not.toContain('4111111111111111');
    const bad = makeCargoSchema.safeParse({ ...base, amount: 10.5 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(pagoMessages.AMOUNT_INVALID);
  });
});
