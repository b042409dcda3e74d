import { describe, expect, it } from 'vitest';
import { GatewayError } from '../src/modules/pagos/gateway/gateway.errors';
import { gatewayFailure } from '../src/modules/pagos/pagos.service';

describe('gatewayFailure: a gateway refusal as our API answers it', () => {
  it.each([
    [3001, 402, 'PAGO_RECHAZADO', 'La tarjeta fue declinada. Intenta con otra tarjeta.'],
    [3003, 402, 'PAGO_RECHAZADO', 'La tarjeta no tiene fondos suficientes. Intenta con otra tarjeta.'],
    [3012, 402, 'PAGO_RECHAZADO', 'Tu banco requiere que autorices este pago. Comunícate con tu banco o intenta con otra tarjeta.'],
    [1006, 409, 'PAGO_DUPLICADO', 'Este pago ya se había registrado; no se realizó un cargo nuevo.'],
    [2004, 400, 'PAGO_DATOS_INVALIDOS', 'El número de tarjeta no es válido. Revísalo e intenta de nuevo.'],
    [1005, 400, 'PAGO_DATOS_INVALIDOS', 'La tarjeta o el cargo ya no existe. Vuelve a capturar los datos de tu tarjeta.'],
    [null, 502, 'PAGO_SIN_RESPUESTA', 'No se pudo comunicar con el procesador de pagos. Intenta de nuevo en unos minutos.'],
    [1004, 502, 'PAGO_SIN_RESPUESTA', 'El servicio de pagos no está disponible en este momento. Intenta de nuevo en unos minutos.'],
    [1002, 503, 'PAGOS_NO_DISPONIBLES', 'Los pagos no están disponibles en este momento. Intenta más tarde.'],
    [1010, 503, 'PAGOS_NO_DISPONIBLES', 'Los pagos no están disponibles en este momento. Intenta más tarde.'],
  ])('error_code %s → %i %s', (code, status, domainCode, message) => {
    const mapped = gatewayFailure(new GatewayError(code, { description: 'internal detail' }));
    expect([mapped.status, mapped.code, mapped.message]).toEqual([status, domainCode, message]);
    expect(mapped.message).not.toContain('internal detail');
  });

  it('every card code 3001–3012 has its own Spanish message', () => {
    const messages = [3001, 3002, 3003, 3004, 3005, 3006, 3008, 3009, 3010, 3011, 3012].map((c) => new GatewayError(c).message);
    expect(new Set(messages).size).toBe(messages.length);
    for (const m of messages) expect(m).not.toBe('Ocurrió un error al procesar el pago.');
  });
});
