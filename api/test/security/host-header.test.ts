import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, GOOD_PASSWORD, lastMail, uniqueEmail } from '../support/auth';
import { CARDS, saleKit } from '../support/sale';
import { buildStorefrontApp } from '../support/storefront';
import { pickEvento } from '../support/reservas';

// Issue 27, finding 6: without PUBLIC_URL (development), the links the API builds — the reset
// e-mail, /config.json's publicUrl, the payment script and the 3-D Secure bank page and return —
// take the request's origin only when its Host is a loopback name and port, rebuilt from those
// two parts; any other Host gets http://localhost:<PORT>.
let t: Awaited<ReturnType<typeof buildStorefrontApp>>;
let ev: { eventoId: number; seccionId: number };
let fallback: string;
beforeAll(async () => {
  t = await buildStorefrontApp({ publicUrl: undefined }, { PUBLIC_URL: '' }, { sandbox: true });
  ev = await pickEvento(t.database.db, 20);
  fallback = `http://localhost:${t.app.config.port}`;
});
afterAll(async () => t?.close());

const kit = saleKit(() => ({ t, ...ev }));

/** The links one request with this Host header gets back, from every place that builds one. */
async function linksFor(host: string) {
  const headers = { host };
  const email = uniqueEmail();
  expect((await call(t.app, 'POST', '/auth/register', { fullName: 'Ana López', email, password: GOOD_PASSWORD })).status).toBe(201);
  expect((await call(t.app, 'POST', `/correos/forgot-password/${email}`, undefined, { headers })).status).toBe(200);
  const reset = /(\S+)\/auth\/reset\//.exec((await lastMail(t.app, email))!.text)![1]!;

  const config = (await t.request({ url: '/config.json', headers })).json().publicUrl as string;
  const script = (await t.request({ url: '/api/v1/pagos/get/credenciales', headers })).json().scriptUrls[0] as string;

  const [seat] = await kit.seats(1);
  const hold = await t.request({
    method: 'POST',
    url: `/api/v1/eventos/${ev.eventoId}/reservarInvitado`,
    headers,
    payload: { asientosReserva: [{ id: seat }], nombre: 'Ana Invitada', correo: `ana.${randomUUID().slice(0, 8)}@ejemplo.mx` },
  });
  expect(hold.statusCode, hold.body).toBe(201);
  const reservaId = hold.json().reservaId as string;
  const amount = (await kit.resumen(reservaId)).total;
  const cargo = await t.request({
    method: 'POST',
    url: '/api/v1/pagos/make/cargo_invitado',
    headers,
    payload: { reservaId, esGeneral: false, tipoDispositivo: 'web', source_id: await kit.cardToken(CARDS.THREE_DS), device_session_id: 'dev-1', amount },
  });
  expect(cargo.statusCode, cargo.body).toBe(200);
  const bankPage = cargo.json().cargo.payment_method.url as string;
  const back = await kit.authorize(bankPage, 'autorizar');
  return { reset, config, script: new URL(script).origin, bankPage: new URL(bankPage).origin, returnUrl: back.origin, returnHref: back.href };
}

describe('Host header without PUBLIC_URL (development)', () => {
  it.each([
    'localhost:1@evil.example',
    'localhost@evil.example',
    '127.0.0.1:3000@evil.example',
    '[::1]:3000@evil.example',
    'localhost:3000/@evil.example',
    'localhost/evil.example',
    'localhost:3000?@evil.example',
    'localhost:3000#@evil.example',
    'http://evil.example',
    'localhost:99999',
    'localhost:1:2',
    'evil.example',
    'localhost.evil.example',
  ])('%s: every link is http://localhost:<PORT>', async (host) => {
    const links = await linksFor(host);
    expect(links).toEqual({ reset: fallback, config: fallback, script: fallback, bankPage: fallback, returnUrl: fallback, returnHref: expect.any(String) });
    expect(links.returnHref).not.toContain('evil');
  });

  it.each([
    ['localhost:5173', 'http://localhost:5173'],
    ['LOCALHOST:5173', 'http://localhost:5173'],
    ['127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['[::1]:8080', 'http://[::1]:8080'],
    ['localhost', 'http://localhost'],
  ])('a loopback Host (%s) still gets its own origin', async (host, origin) => {
    const links = await linksFor(host);
    expect(links).toEqual({
      reset: origin,
      config: origin,
      script: origin,
      bankPage: origin,
      returnUrl: origin,
      returnHref: expect.stringMatching(/\/terminar_compra_invitado\//),
    });
  });
});
