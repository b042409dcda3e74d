import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/rows';
import { loggerOptions } from '../../src/lib/logger';
import { buildTestApp, TEST_API_KEY } from '../support/app';
import { uniqueEmail } from '../support/auth';
import { pickEvento } from '../support/reservas';
import { CARDS, saleKit } from '../support/sale';
import { buildStorefrontApp } from '../support/storefront';

// Issue 27, findings 9, 10 and 12: one error path for every route (the payment sandbox's too),
// one strict e-mail rule for accounts and guests, and no e-mail address in a logged URL.
let t: Awaited<ReturnType<typeof buildStorefrontApp>>;
let ev: Awaited<ReturnType<typeof pickEvento>>;
beforeAll(async () => {
  t = await buildStorefrontApp({}, { DEV_MAILBOX: '1', HOLD_SWEEP_SECONDS: '0' }, { sandbox: true });
  ev = await pickEvento(t.database.db, 20);
});
afterAll(async () => t?.close());

const kit = saleKit(() => ({ t, ...ev }));

interface Route {
  method: string;
  url: string;
}

/** Every route the app serves, from its printed route tree (`/a/:id (GET, HEAD)` lines). */
function routesOf(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│├└─\s]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push({ method, url: stack.join('').replace(/^\/+/, '/') });
    }
  }
  return routes;
}

/** Malformed path segments and query strings: NUL, broken or overlong escapes, a lone surrogate, traversal, a long segment. */
const BAD_SEGMENTS = ['%00', 'a%00b', '%', '%zz', '%C0%80', '%ED%A0%80', '%FF%FE', '..%2F..%2Fetc%2Fpasswd', '%E2%80%AE', 'x'.repeat(300)];
const BAD_QUERIES = ['?%', '?a=%zz', '?%00=1', '?a=%00', '?a[b][c]=1&a=2'];

function malformed(route: Route): InjectOptions[] {
  const headers = { 'x-api-key': TEST_API_KEY };
  const body = route.method === 'GET' ? {} : { payload: {} };
  const urls = new Set<string>();
  const params = route.url.match(/:[A-Za-z]+|\*/g) ?? [];
  for (const bad of BAD_SEGMENTS) {
    if (params.length) urls.add(route.url.replace(/:[A-Za-z]+|\*/g, bad));
    else urls.add(`${route.url.replace(/\/$/, '')}/${bad}`);
  }
  // Ids no row has (0 is out of every id's range), so no route opens a stream or finds a row.
  const plain = route.url.replace(/:[A-Za-z]+|\*/g, '0');
  for (const query of BAD_QUERIES) urls.add(`${plain}${query}`);
  return [...urls].map((url) => ({ method: route.method as InjectOptions['method'], url, headers, ...body }));
}

describe('malformed paths (finding 9)', () => {
  it.each([
    ['GET', '/sandbox/3ds/%00'],
    ['POST', '/sandbox/3ds/%00'],
    ['POST', '/sandbox/v1/%00/tokens'],
  ])('%s %s: 400 with the Spanish message every route gives', async (method, url) => {
    const res = await t.app.inject({ method: method as 'GET' | 'POST', url, payload: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'La solicitud contiene caracteres no permitidos.',
      code: 'CARACTERES_NO_PERMITIDOS',
    });
  });

  it('no route of any prefix answers 500 to a malformed path or query', async () => {
    const routes = routesOf(t.app);
    const prefixes = new Set(routes.map((r) => r.url.split('/')[1]));
    for (const prefix of ['api', 'sandbox', 'webhooks', 'dev', 'media', 'config.json', 'remotes']) expect(prefixes).toContain(prefix);
    const failures: string[] = [];
    for (const route of routes) {
      for (const request of malformed(route)) {
        const res = await Promise.race([
          t.app.inject(request),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${request.method} ${request.url}: no answer in 5 s`)), 5000)),
        ]);
        if (res.statusCode >= 500) failures.push(`${request.method} ${request.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('one strict e-mail rule for accounts and guests (finding 10)', () => {
  const GUEST_MESSAGE = 'Es necesario un correo electrónico valído';
  const LOOSE = ['x<victim@example.com>', 'a@b.c,d', 'victim@example.com.'];
  const stored = async (address: string) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select ((select count(*) from invitados where correo = ${address}) + (select count(*) from users where email = ${address}))::int as n`,
      )
    )[0]!.n;

  it.each(LOOSE)('%s is refused with 400 by reservarInvitado, reservar_generales, make/cargo_invitado and register, and stored nowhere', async (address) => {
    const [seat] = await kit.seats(1);
    const reservar = await kit.post(`/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: seat }], nombre: 'Ana', correo: address });
    expect([reservar.statusCode, reservar.json().message]).toEqual([400, [GUEST_MESSAGE]]);

    const generales = await kit.post(`/eventos/${ev.eventoId}/reservar_generales`, {
      cantidadAsientos: 1,
      seccionId: ev.general.seccionId,
      nombre: 'Ana',
      correo: address,
    });
    expect([generales.statusCode, generales.json().message]).toEqual([400, [GUEST_MESSAGE]]);

    // A real guest hold, paid with a good card: only the loose correo_invitado is wrong.
    const { reservaId } = await kit.holdSeats(1);
    const amount = (await kit.resumen(reservaId)).total;
    const body = { reservaId, esGeneral: false, tipoDispositivo: 'web', source_id: await kit.cardToken(CARDS.APPROVED), device_session_id: 'dev-1', amount };
    const cargo = await kit.post('/pagos/make/cargo_invitado', { ...body, nombre_invitado: 'Ana', correo_invitado: address });
    expect([cargo.statusCode, cargo.json().message]).toEqual([400, [GUEST_MESSAGE]]);

    const register = await kit.post('/auth/register', { fullName: 'Ana López', email: address, password: 'Secreta1' });
    expect([register.statusCode, register.json().message]).toEqual([400, ['El correo debe ser de un dominio válido']]);

    expect(await stored(address)).toBe(0);
    expect(await stored(address.toLowerCase())).toBe(0);
  });

  it('a good address is kept trimmed and in lower case, for guests as for accounts', async () => {
    const tag = Date.now().toString(36);
    const [seat] = await kit.seats(1);
    const guest = await kit.post(`/eventos/${ev.eventoId}/reservarInvitado`, {
      asientosReserva: [{ id: seat }],
      nombre: 'Ana',
      correo: ` Ana.${tag}@Ejemplo.MX `,
    });
    expect(guest.statusCode, guest.body).toBe(201);
    expect(await stored(`ana.${tag}@ejemplo.mx`)).toBe(1);
    const register = await kit.post('/auth/register', { fullName: 'Ana López', email: ` Cuenta.${tag}@Ejemplo.MX `, password: 'Secreta1' });
    expect(register.statusCode, register.body).toBe(201);
    expect(register.json().user.email).toBe(`cuenta.${tag}@ejemplo.mx`);
  });
});

describe('personal data in logs and URLs (finding 12)', () => {
  it('no logged URL carries an e-mail address, escaped or not', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({
      database: t.database,
      env: { DEV_MAILBOX: '1' },
      logger: { ...(loggerOptions('info') as object), stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const address = uniqueEmail('Ana.Secreta+boletos');
      const local = address.split('@')[0]!;
      const post = (url: string) => logged.request({ method: 'POST', url, remoteAddress: '127.0.0.1' });
      await post(`/api/v1/correos/forgot-password/${address}`);
      await post(`/api/v1/correos/forgot-password/${encodeURIComponent(address)}`);
      await post(`/api/v1/correos/send-verification-email/${encodeURIComponent(encodeURIComponent(address))}`);
      await post(`/api/v1/correos/sold-tickets-email/${encodeURIComponent(address)}/0b7f6c1e-7d5a-4a51-9f0e-2f1f4f3c9a10`);
      await post(`/api/v1/correos/sold-tickets-email/${address},otra@ejemplo.mx/0b7f6c1e-7d5a-4a51-9f0e-2f1f4f3c9a10`);
      await logged.request({ url: `/dev/correos?para=${encodeURIComponent(address)}&x=1`, remoteAddress: '127.0.0.1' });
      const urls = lines.map((l) => JSON.parse(l) as { req?: { url: string } }).flatMap((l) => (l.req ? [l.req.url] : []));
      expect(urls).toHaveLength(6);
      expect(urls).toContain('/api/v1/correos/forgot-password/[correo]');
      expect(urls).toContain('/dev/correos?para=[correo]&x=1');
      const log = lines.join('\n').toLowerCase();
      for (const form of [local, encodeURIComponent(local), 'otra@', 'otra%40', 'ejemplo.mx']) expect(log).not.toContain(form.toLowerCase());
    } finally {
      await logged.close();
    }
  });

  describe('/api/docs', () => {
    const docsWith = async (env: Record<string, string>) => {
      const app = await buildTestApp({ database: t.database, env });
      try {
        return await Promise.all(['/api/docs', '/api/docs/json', '/api/docs/static/index.html'].map(async (url) => (await app.request(url)).statusCode));
      } finally {
        await app.close();
      }
    };

    it('is not served in production unless API_DOCS=1', async () => {
      expect(await docsWith({ NODE_ENV: 'production' })).toEqual([404, 404, 404]);
      expect((await docsWith({ NODE_ENV: 'production', API_DOCS: '1' })).every((s) => s < 400)).toBe(true);
    });

    it('is served in development unless API_DOCS=0', async () => {
      expect((await t.app.inject('/api/docs/json')).statusCode).toBe(200);
      expect(await docsWith({ NODE_ENV: 'development', API_DOCS: '0' })).toEqual([404, 404, 404]);
    });
  });
});
