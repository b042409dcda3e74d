import { startOpenpaySandbox } from '@taquilla/openpay-sandbox';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { ClientLog } from '../../src/modules/pagos/gateway/openpay.client';
import { OpenpayGateway, type OpenpayConfig } from '../../src/modules/pagos/gateway/openpay.gateway';
import type { CreateChargeInput } from '../../src/modules/pagos/gateway/gateway.types';

interface OpenpayOnSandbox {
  /** The Openpay sandbox server (platform/openpay-sandbox): its requests, delays and raw answers. */
  fake: Awaited<ReturnType<typeof startOpenpaySandbox>>;
  /** The Openpay adapter pointed at it, logging into `logged`. */
  gateway: OpenpayGateway;
}

/**
 * The Openpay gateway on a sandbox server of the test file's own: started before its first test,
 * closed after its last (read `g`'s fields inside tests), its delay and raw answer reset before
 * each test. `logged` holds what the adapter logged; `chargeInput` a card charge with a new
 * token and a new order id; `gatewayWith` another adapter on the same sandbox.
 */
export function openpayGatewayPerFile() {
  const g = {} as OpenpayOnSandbox;
  const logged: unknown[] = [];
  const log: ClientLog = { debug: (o, m) => logged.push([o, m]), warn: (o, m) => logged.push([o, m]) };
  let order = 0;
  /** An adapter on the file's sandbox with its keys and a 2 s timeout, but for `over`. */
  const gatewayWith = (over: Partial<OpenpayConfig> = {}, withLog?: ClientLog) =>
    new OpenpayGateway(
      {
        merchantId: g.fake.merchantId,
        privateKey: g.fake.privateKey,
        publicKey: g.fake.publicKey,
        production: false,
        apiUrl: g.fake.url,
        timeoutMs: 2000,
        ...over,
      },
      withLog,
    );
  beforeAll(async () => {
    g.fake = await startOpenpaySandbox();
    g.gateway = gatewayWith({}, log);
  });
  afterAll(async () => g.fake?.close());
  beforeEach(() => {
    g.fake.delayMs = 0;
    g.fake.nextRaw = null;
  });

  const nextOrderId = () => `reserva-${++order}`;

  async function token(card_number: string, extra: Record<string, string> = {}): Promise<string> {
    const res = await g.fake.createToken({ card_number, ...extra });
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  async function chargeInput(card: string, over: Partial<CreateChargeInput> = {}): Promise<CreateChargeInput> {
    return {
      orderId: nextOrderId(),
      amount: 12345,
      description: 'Boletos Luna Roja',
      sourceId: await token(card),
      deviceSessionId: 'kR1MiQhz2otdIuUlQkbEyitIqVMiI16f',
      customer: { name: 'Ana', lastName: 'López', email: 'ana@example.com' },
      use3ds: false,
      redirectUrl: 'http://127.0.0.1:3000/terminar_compra/r1',
      ...over,
    };
  }

  return { g, logged, gatewayWith, nextOrderId, token, chargeInput };
}
