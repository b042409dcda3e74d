import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadGateway, type OpenPayCard } from './openpay';

const cred = {
  merchantId: 'm1',
  publicKey: 'pk_1',
  sandbox: true,
  proveedor: 'sandbox' as const,
  scriptUrls: ['http://localhost/a.js', 'http://localhost/b.js'],
};
const card: OpenPayCard = { card_number: '4111111111111111', holder_name: 'Ana', expiration_month: '12', expiration_year: '30', cvv2: '123' };

/** jsdom fetches no scripts: answer each appended <script> ourselves, in order, and install a fake OpenPay. */
function fakeScripts(outcome: (src: string) => 'load' | 'error' = () => 'load') {
  const loaded: string[] = [];
  const openpay = {
    setId: vi.fn(),
    setApiKey: vi.fn(),
    setSandboxMode: vi.fn(),
    deviceData: { setup: vi.fn(() => 'device-1') },
    token: { create: vi.fn() },
  };
  const append = vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    const script = nodes[0] as HTMLScriptElement;
    queueMicrotask(() => {
      if (outcome(script.src) === 'error') return script.onerror?.(new Event('error'));
      loaded.push(script.src);
      window.OpenPay = openpay as never;
      script.onload?.(new Event('load'));
    });
  });
  return { loaded, openpay, append };
}

afterEach(() => {
  vi.restoreAllMocks();
  delete window.OpenPay;
});

describe('loadGateway', () => {
  it('loads the scripts in order, configures OpenPay and collects device data', async () => {
    const { loaded, openpay } = fakeScripts();
    const gw = await loadGateway(cred);
    expect(loaded).toEqual(cred.scriptUrls);
    expect(openpay.setId).toHaveBeenCalledWith('m1');
    expect(openpay.setApiKey).toHaveBeenCalledWith('pk_1');
    expect(openpay.setSandboxMode).toHaveBeenCalledWith(true);
    expect(gw.deviceSessionId).toBe('device-1');

    openpay.token.create.mockImplementationOnce((_c, ok: (r: unknown) => void) => ok({ data: { id: 'tok_9' } }));
    await expect(gw.tokenize(card)).resolves.toBe('tok_9');
    expect(openpay.token.create.mock.calls[0]![0]).toEqual(card);
    openpay.token.create.mockImplementationOnce((_c, _ok, fail: (r: unknown) => void) => fail({ data: { description: 'Tarjeta inválida' } }));
    await expect(gw.tokenize(card)).rejects.toThrow('Tarjeta inválida');
  });

  it('a script that fails to load is tried again next time', async () => {
    let fail = true;
    const { append } = fakeScripts((src) => (src.endsWith('/c.js') && fail ? 'error' : 'load'));
    const other = { ...cred, scriptUrls: ['http://localhost/c.js'] };
    await expect(loadGateway(other)).rejects.toThrow('No se pudo cargar');
    fail = false;
    await expect(loadGateway(other)).resolves.toMatchObject({ deviceSessionId: 'device-1' });
    expect(append).toHaveBeenCalledTimes(2);
  });
});
