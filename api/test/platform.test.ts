import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../src/lib/errors';
import { signToken } from '../src/lib/jwt';
import { insertUser } from '../src/modules/auth/auth.repository';
import { openSession } from '../src/modules/auth/sessions.repository';
import type { RouteModule } from '../src/modules/types';
import { requireUser } from '../src/plugins/auth';
import { buildTestApp, TEST_API_KEY, type TestApp } from './support/app';

/** Routes that exist only in this test, to drive the error handler and the auth hook. */
const probe: RouteModule = {
  name: 'probe',
  prefix: '/probe',
  plugin: async (app) => {
    app.post('/echo', { schema: { body: z.object({ nombre: z.string().min(1), cantidad: z.number().int().min(1) }) } }, async (req) => req.body);
    app.get('/boom', async () => {
      throw new Error('connection to 10.0.0.5 failed: password authentication failed for user "admin"');
    });
    app.get('/domain', async () => {
      throw new DomainError('CONFLICTO');
    });
    app.get('/me', async (req) => ({ email: requireUser(req).email }));
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ extraModules: [probe] });
});
afterAll(async () => t?.close());

describe('API key', () => {
  it('refuses a missing or wrong key with a Spanish 401', async () => {
    for (const headers of [{}, { 'x-api-key': 'nope' }, { 'x-api-key': `${TEST_API_KEY}x` }]) {
      const res = await t.app.inject({ url: '/api/v1/eventos/get_all', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized', message: 'Acceso no autorizado: la clave de la API falta o no es válida.' });
    }
  });

  it('checks the key on unknown /api/v1 routes too', async () => {
    expect((await t.app.inject({ url: '/api/v1/nada' })).statusCode).toBe(401);
    expect((await t.request('/api/v1/nada')).statusCode).toBe(404);
  });
});

describe('health and docs', () => {
  it('reports health', async () => {
    const res = await t.request('/api/v1/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('serves OpenAPI built from the route schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/eventos/get_all', '/api/v1/eventos/{id}/{seccionId}/filas_por_seccion']));
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('event artwork', () => {
  it('serves a generated poster for every seeded event image, without the API key', async () => {
    const list = (await t.request('/api/v1/eventos/get_all')).json() as { eventosFiltrados: { id: number; imagenBanner: string | null }[] };
    const withImage = list.eventosFiltrados.filter((x) => x.imagenBanner);
    expect(withImage.length).toBeGreaterThan(5);
    for (const e of withImage) {
      expect(e.imagenBanner).toBe(`/media/eventos/${e.id}/poster.svg`);
      const res = await t.app.inject({ url: e.imagenBanner! });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.body.startsWith('<svg')).toBe(true);
    }
  });

  it('404s an unknown event and 400s a malformed id', async () => {
    expect((await t.app.inject({ url: '/media/eventos/999999/poster.svg' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/media/eventos/x/poster.svg' })).statusCode).toBe(400);
  });
});

describe('error handler', () => {
  const post = (payload: string, contentType = 'application/json') =>
    t.request({ method: 'POST', url: '/api/v1/probe/echo', payload, headers: { 'content-type': contentType } });

  it('answers validation errors with a message array', async () => {
    const res = await post(JSON.stringify({ nombre: '', cantidad: 0 }));
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string[] };
    expect(body.message).toHaveLength(2);
    // zod's generic texts name their field; no technical 'body.' prefix reaches people.
    expect(body.message.some((m) => m.startsWith('nombre: '))).toBe(true);
    expect(body.message.some((m) => m.startsWith('cantidad: '))).toBe(true);
    expect(body.message.join('\n')).not.toMatch(/body\./);
  });

  it.each([
    ['{"nombre": ', 'application/json', 400],
    ['', 'application/json', 400],
    ['nombre=x', 'application/x-www-form-urlencoded', 415],
    ['<xml/>', 'text/xml', 415],
    ['"x"', 'application/json', 400],
    ['null', 'application/json', 400],
    ['[1,2]', 'application/json', 400],
    ['{"__proto__": {"x": 1}, "nombre": "a", "cantidad": 1}', 'application/json', 400],
    [JSON.stringify({ nombre: 'x'.repeat(2 * 1024 * 1024), cantidad: 1 }), 'application/json', 413],
  ])('malformed body %#: never a 500', async (payload, type, status) => {
    const res = await post(payload, type);
    expect(res.statusCode).toBe(status);
    expect(typeof res.json().message === 'string' || Array.isArray(res.json().message)).toBe(true);
  });

  it('hides internals of unexpected errors', async () => {
    const res = await t.request('/api/v1/probe/boom');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/10\.0\.0\.5|password|admin/);
    expect(res.json().message).toBe('Ocurrió un error inesperado. Intenta de nuevo más tarde.');
  });

  it('maps domain error codes to status and message', async () => {
    const res = await t.request('/api/v1/probe/domain');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICTO', message: 'La operación entra en conflicto con el estado actual.' });
  });

  it.each([
    '/api/v1/eventos/get_all?tipoDispositivo[]=web',
    '/api/v1/eventos/get_all?tipoDispositivo=web&tipoDispositivo=web',
    `/api/v1/eventos/${'9'.repeat(150)}/detalle`,
    '/api/v1/eventos/%E0%A4%A/detalle',
  ])('odd URL %s never gives a 500', async (url) => {
    const res = await t.request(url);
    expect([200, 400, 404]).toContain(res.statusCode);
  });
});

describe('bearer token', () => {
  it('decodes a valid token into request.user', async () => {
    // A real account with an open server-side session: tokens name their session.
    const user = (await insertUser(t.database.db, { fullName: 'Ana', email: `ana.${Date.now()}@example.com`, passwordHash: 'x' }))!;
    const sessionId = await openSession(t.database.db, user.id);
    const token = await signToken({ id: user.id, email: 'ana@example.com', fullName: 'Ana', isVerified: true }, { sessionId, secret: t.app.config.jwtSecret });
    const res = await t.request({ url: '/api/v1/probe/me', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'ana@example.com' });
  });

  it('401s a missing, forged or expired token', async () => {
    expect((await t.request('/api/v1/probe/me')).json().code).toBe('NO_AUTENTICADO');
    const forged = await signToken({ id: 'x', email: 'a@b.c', fullName: 'A', isVerified: true }, { secret: 'another-secret-another-secret-1234' });
    const res = await t.request({ url: '/api/v1/probe/me', headers: { authorization: `Bearer ${forged}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_INVALIDO');
    const expired = await signToken({ id: 'x', email: 'a@b.c', fullName: 'A', isVerified: true }, { expiresIn: '-1m', secret: t.app.config.jwtSecret });
    expect((await t.request({ url: '/api/v1/probe/me', headers: { authorization: `Bearer ${expired}` } })).statusCode).toBe(401);
    expect((await t.request({ url: '/api/v1/probe/me', headers: { authorization: 'Basic abc' } })).statusCode).toBe(401);
  });
});
