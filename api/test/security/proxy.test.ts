import { afterAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/lib/logger';
import { buildTestApp, type TestApp } from '../support/app';
import { freeSeats, guest, pickEvento } from '../support/reservas';

// Per-IP limits count request.ip. Behind a proxy the API does not trust, that is the proxy's
// address for every buyer; a client talking to the API directly cannot choose its address by
// sending its own X-Forwarded-For.
const opened: TestApp[] = [];
afterAll(async () => {
  for (const t of opened) await t.close();
});

async function appWith(trustProxy: false | number) {
  const lines: string[] = [];
  const t = await buildTestApp({
    env: { HOLD_SWEEP_SECONDS: '0', HOLD_MAX_PER_IP: '1' },
    config: { trustProxy: trustProxy === false ? false : (_address: string, hop: number) => hop < trustProxy },
    logger: { ...(loggerOptions('info') as object), stream: { write: (line: string) => void lines.push(line) } },
  });
  opened.push(t);
  const ev = await pickEvento(t.database.db, 20);
  const [a, b] = await freeSeats(t.database.db, ev.eventoId, ev.seccionId, 2);
  const hold = (seat: number, forwardedFor?: string) =>
    t.request({
      method: 'POST',
      url: `/api/v1/eventos/${ev.eventoId}/reservarInvitado`,
      payload: { asientosReserva: [{ id: seat }], ...guest() },
      remoteAddress: '192.0.2.1',
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
  const warnings = () => lines.filter((l) => l.includes('TRUST_PROXY'));
  return { hold, a: a!, b: b!, warnings };
}

describe('X-Forwarded-For', () => {
  it('without TRUST_PROXY it does not change the client address the limits count, and the log says so once', async () => {
    const { hold, a, b, warnings } = await appWith(false);
    expect((await hold(a)).statusCode).toBe(201);
    expect(warnings()).toHaveLength(0);
    const dodge = await hold(b, '203.0.113.9');
    expect(dodge.statusCode).toBe(429);
    expect((await hold(b, '203.0.113.10')).statusCode).toBe(429);
    expect(warnings()).toHaveLength(1);
    expect(JSON.parse(warnings()[0]!)).toMatchObject({ level: 40, peer: '192.0.2.1' });
  });

  it('with TRUST_PROXY set, each buyer behind the proxy is counted on their own address, and nothing is logged', async () => {
    const { hold, a, b, warnings } = await appWith(1);
    expect((await hold(a, '203.0.113.20')).statusCode).toBe(201);
    expect((await hold(b, '203.0.113.21')).statusCode).toBe(201);
    expect((await hold(b, '203.0.113.21')).statusCode).toBe(429);
    expect(warnings()).toHaveLength(0);
  });
});
