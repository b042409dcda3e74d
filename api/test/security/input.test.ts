import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/lib/logger';
import type { RouteModule } from '../../src/modules/types';
import { buildTestApp, type TestApp } from '../support/app';

// Findings 9 and 12: NUL characters never reach PostgreSQL (400, not 500), a failed query's
// parameters never reach the log, and mail addresses are plain addresses.
const SECRET = 'scrypt$32768$8$1$c2FsdA==$bm90LWEtcmVhbC1oYXNo';
const probe: RouteModule = {
  name: 'input-probe',
  plugin: async (app) => {
    // Bypasses the guard as a buggy route would: the NUL comes from the code, not the request.
    app.get('/probe/nul', async () => app.db.execute(sql`select ${`a\u0000b`}::text as v, ${SECRET}::text as s`));
    app.get('/probe/falla', async () => app.db.execute(sql`select ${SECRET}::int as n`));
  },
};

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: { DEV_MAILBOX: '1' },
    extraModules: [probe],
    logger: { ...(loggerOptions('info') as object), stream: { write: (line: string) => void lines.push(line) } },
  });
});
afterAll(async () => t?.close());

const post = (url: string, payload?: unknown) => t.request({ method: 'POST', url, payload: payload as never });

describe('NUL characters', () => {
  it.each([
    ['register e-mail', () => post('/api/v1/auth/register', { fullName: 'Ana', email: 'ana\u0000@ejemplo.mx', password: 'Secreta1' })],
    ['register name', () => post('/api/v1/auth/register', { fullName: 'Ana\u0000López', email: `nul.${Date.now()}@ejemplo.mx`, password: 'Secreta1' })],
    ['login password', () => post('/api/v1/auth/login', { email: 'ana@ejemplo.mx', password: 'Secreta1\u0000' })],
    ['a nested key', () => post('/api/v1/auth/login', { email: 'ana@ejemplo.mx', password: 'Secreta1', 'x\u0000': 1 })],
    ['a path parameter', () => post('/api/v1/correos/forgot-password/ana%00@ejemplo.mx')],
    ['an event id', () => t.request('/api/v1/eventos/1%00/detalle')],
    ['a query string', () => t.request('/api/v1/eventos/get_all?tipoDispositivo=web%00')],
    ['the mailbox filter', () => t.app.inject({ url: '/dev/correos?para=%00', remoteAddress: '127.0.0.1' })],
  ])('in %s: 400 with a Spanish message, nothing written', async (_label, send) => {
    const res = await send();
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(String(body.message)).toMatch(/caracteres no permitidos|no es válid|correo válido/i);
  });

  it('a NUL that reaches PostgreSQL anyway (22021) is a 400, not a 500', async () => {
    const res = await t.request('/api/v1/probe/nul');
    expect(res.statusCode).toBe(400);
  });
});

describe('the log never gets query parameters', () => {
  it('a failing query is logged by its SQLSTATE and SQL text only', async () => {
    lines.length = 0;
    const res = await t.request('/api/v1/probe/falla');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(SECRET);
    const log = lines.join('\n');
    expect(log).toContain('database error');
    expect(log).toContain('22P02');
    expect(log).not.toContain(SECRET);
    expect(log).not.toContain('bm90LWEtcmVhbC1oYXNo');
  });
});

describe('e-mail addresses (finding 12)', () => {
  it.each(['x<victim@example.com>', 'victim@example.com, otro@example.com', '"x"@example.com', 'a b@example.com', 'ana@ejemplo'])(
    '%s is refused everywhere an address is taken',
    async (address) => {
      const reg = await post('/api/v1/auth/register', { fullName: 'Ana', email: address, password: 'Secreta1' });
      expect(reg.statusCode).toBe(400);
      expect(reg.json().message).toEqual([expect.stringMatching(/^El correo debe ser de un dominio válido$|^Debes ingresar un correo válido$/)]);
      for (const path of ['forgot-password', 'send-verification-email']) {
        expect((await post(`/api/v1/correos/${path}/${encodeURIComponent(address)}`)).statusCode).toBe(400);
      }
    },
  );
});
