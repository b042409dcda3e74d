import { describe, expect, it } from 'vitest';
import { rejection } from './support/sandbox';
import { openpayGatewayPerFile } from './support/openpay-gateway';

/**
 * The Openpay gateway against the Openpay sandbox: its transport (keys, timeouts, answers that
 * are not Openpay's), what it logs, its public credentials.
 */

const { g, logged, gatewayWith, chargeInput } = openpayGatewayPerFile();

describe('transport', () => {
  it('a wrong private key is 1002 (401); the public key on a private call is 1010 (403)', async () => {
    const wrong = gatewayWith({ privateKey: 'sk_wrong' });
    const e1 = await rejection(wrong.getCharge('trnoexiste0000000000'));
    expect([e1.errorCode, e1.httpStatus]).toEqual([1002, 401]);
    const pub = gatewayWith({ privateKey: g.fake.publicKey });
    const e2 = await rejection(pub.getCharge('trnoexiste0000000000'));
    expect([e2.errorCode, e2.httpStatus]).toEqual([1010, 403]);
  });

  it('a gateway slower than the timeout: GatewayError with no code (outcome unknown)', async () => {
    const quick = gatewayWith({ timeoutMs: 100 });
    g.fake.delayMs = 400;
    const err = await rejection(quick.getCharge('trnoexiste0000000000'));
    expect(err.errorCode).toBeNull();
    expect(err.isOutcomeUnknown).toBe(true);
    expect(err.message).toBe('No se pudo comunicar con el procesador de pagos. Intenta de nuevo en unos minutos.');
  });

  it('an answer that is not Openpay’s (a proxy’s 502 page) is an unknown outcome, not a crash', async () => {
    g.fake.nextRaw = { status: 502, body: '<html>Bad gateway</html>', contentType: 'text/html' };
    const err = await rejection(g.gateway.getCharge('trnoexiste0000000000'));
    expect([err.errorCode, err.httpStatus]).toEqual([null, 502]);
    g.fake.nextRaw = { status: 200, body: '{"nada":true}', contentType: 'application/json' };
    expect((await rejection(g.gateway.getCharge('trnoexiste0000000000'))).errorCode).toBeNull();
    g.fake.nextRaw = { status: 200, body: '{"id":"tr1","amount":10.005,"status":"completed"}', contentType: 'application/json' };
    expect((await rejection(g.gateway.getCharge('trnoexiste0000000000'))).errorCode).toBeNull();
  });

  it('nothing logged carries a card number, a CVV, a token, a name or an e-mail', async () => {
    logged.length = 0;
    const input = await chargeInput('4111111111111111');
    await g.gateway.createCharge(input);
    await g.gateway.createCharge(await chargeInput('4222222222222220')).catch(() => {});
    const text = JSON.stringify(logged);
    expect(logged.length).toBeGreaterThanOrEqual(2);
    for (const secret of [
      '4111111111111111',
      '4222222222222220',
      '"123"',
      input.sourceId,
      'ana@example.com',
      'Ana',
      input.deviceSessionId,
      g.fake.privateKey,
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('public credentials: Openpay’s two scripts; sandbox flag follows production', () => {
    expect(g.gateway.publicCredentials()).toEqual({
      proveedor: 'openpay',
      merchantId: g.fake.merchantId,
      publicKey: g.fake.publicKey,
      sandbox: true,
      scriptUrls: ['https://js.openpay.mx/openpay.v1.min.js', 'https://js.openpay.mx/openpay-data.v1.min.js'],
    });
  });
});
