import { makeReferenciaResponseSchema, makeCargoResponseSchema } from '@taquilla/shared/schemas/pagos';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import { GATEWAY_MESSAGES } from '../src/modules/pagos/gateway/gateway.errors';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { avisarReferenciasVencidas } from '../src/modules/ventas/ventas.referencia';
import { refundEmail } from '../src/modules/ventas/ventas.email';
import { venceReferencia } from '../src/modules/ventas/ventas.diferidos';
import { defaultConfig } from '../src/config';
import { Mailer } from '../src/mail/mailer';
import { clabe, luhnValid, SANDBOX_CLABE } from '@taquilla/openpay-sandbox';
import type { SandboxApp } from './support/sandbox';
import { buildSandboxApp } from './support/sandbox';
import { createUser, freeSeats, pickEvento } from './support/reservas';
import { buildSaleApp, CARDS, ok, saleKit } from './support/sale';

/**
 * Meses sin intereses, cash at a store and SPEI on the Openpay sandbox, through the API: the
 * plans offered per event and card, the reference's lifecycle (held as 'pendiente de pago',
 * paid or expired from the sandbox's till page, which fires the webhook), its e-mail and PDF.
 */

let t: SandboxApp;
let ev: Awaited<ReturnType<typeof pickEvento>>;
let jwtSecret: string;
const { APPROVED } = CARDS;
const MASTERCARD_3_6 = '5555555555554444';
const DEBIT = '4000000000000002';
const { post, cardToken, holdSeats, resumen, count, boletosDe } = saleKit(() => ({ t, eventoId: ev.eventoId, seccionId: ev.seccionId }));

beforeAll(async () => {
  t = await buildSaleApp();
  jwtSecret = t.app.config.jwtSecret;
  ev = await pickEvento(t.database.db, 40);
  // The organiser's plans: 3 and 6 months from $1.00, 9 from $1.00, 12 only from $10,000,000.00.
  await t.database.db.execute(sql`update eventos set fecha = now() + interval '30 days',
    planes_msi = ${JSON.stringify([
      { meses: 3, minimo: 100 },
      { meses: 6, minimo: 100 },
      { meses: 9, minimo: 100 },
      { meses: 12, minimo: 1_000_000_000 },
    ])}::jsonb,
    plazo_efectivo_minutos = null, plazo_spei_minutos = null where id = ${ev.eventoId}`);
});
afterAll(async () => t?.close());

async function payMsi(reservaId: string, card: string, meses: number | null, token?: string) {
  const { total } = await resumen(reservaId, token);
  const body = { reservaId, source_id: await cardToken(card), device_session_id: 'dev-1', amount: total, meses };
  return post(token ? '/pagos/make/cargo' : '/pagos/make/cargo_invitado', body, token);
}

async function referencia(reservaId: string, metodo: 'efectivo' | 'spei', token?: string) {
  const { total } = await resumen(reservaId, token);
  return post(token ? '/pagos/make/referencia' : '/pagos/make/referencia_invitado', { reservaId, metodo, amount: total }, token);
}

/** The sandbox's till / bank page: pay the reference or let it expire (fires the webhook). */
async function sandboxTill(chargeId: string, accion: 'pagar' | 'vencer') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/sandbox/pagos/${chargeId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `accion=${accion}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

const mailsTo = (to: string) =>
  queryRows<{ subject: string; html: string; text: string; attachments: { filename: string; contentType: string; cid?: string; base64: string }[] | null }>(
    t.database.db,
    sql`select subject, html, text, attachments from email_outbox where "to" = ${to} order by created_at`,
  );

describe('meses sin intereses', () => {
  it('resumen offers the event plans this total reaches, each with its monthly amount and the same total', async () => {
    const user = await createUser(t.database.db, jwtSecret);
    const { reservaId } = await holdSeats(2, user.token);
    const r = await resumen(reservaId, user.token);
    expect(r.planesMsi).toEqual([3, 6, 9].map((meses) => ({ meses, mensualidad: Math.ceil(r.total / meses), total: r.total })));
    for (const p of r.planesMsi!) expect(p.mensualidad * p.meses - r.total).toBeLessThan(p.meses);
  });

  it('a participating credit card pays in 6 months: the charge carries the plan, the tickets e-mail and Mis compras show it', async () => {
    const user = await createUser(t.database.db, jwtSecret);
    const { reservaId } = await holdSeats(2, user.token);
    const { total } = await resumen(reservaId, user.token);
    const body = makeCargoResponseSchema.parse(ok(await payMsi(reservaId, APPROVED, 6, user.token)));
    expect(body.cargo.pagado).toBe(true);
    expect(body.total).toBe(total);
    // What reached the gateway: Openpay's payment_plan and the amount in pesos.
    expect(t.sandbox.charges.get(body.cargo.id)).toMatchObject({ payment_plan: { payments: 6 }, amount: total / 100 });
    const [mail] = await mailsTo(user.email);
    const plan = `Pagado a 6 meses sin intereses de ${new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(Math.ceil(total / 6) / 100)}`;
    expect(mail!.text).toContain(plan);
    const mis = ok(await t.request({ url: `/api/v1/eventos/mis_eventos/${ev.eventoId}`, headers: { authorization: `Bearer ${user.token}` } })) as {
      evento: { resumen: { pagos: unknown[] } };
    };
    expect(mis.evento.resumen.pagos).toEqual([{ metodo: 'tarjeta', meses: 6, mensualidad: Math.ceil(total / 6), total }]);
  });

  it('a plan the card does not take part in, and any plan on a debit card, are refused as Openpay refuses them (3006); nothing sold', async () => {
    const user = await createUser(t.database.db, jwtSecret);
    const { reservaId } = await holdSeats(1, user.token);
    const nine = await payMsi(reservaId, MASTERCARD_3_6, 9, user.token);
    expect(nine.statusCode).toBe(402);
    expect(nine.json().message).toBe(GATEWAY_MESSAGES[3006]);
    const debit = await payMsi(reservaId, DEBIT, 3, user.token);
    expect(debit.statusCode).toBe(402);
    expect(await boletosDe(reservaId)).toBe(0);
    // The same debit card pays in one go ('Pago de contado').
    expect(makeCargoResponseSchema.parse(ok(await payMsi(reservaId, DEBIT, null, user.token))).cargo.pagado).toBe(true);
  });

  it("a new card's type from its token (POST /pagos/tipo-tarjeta): debit takes no plan, credit does; the token is used up", async () => {
    const user = await createUser(t.database.db, jwtSecret);
    const { reservaId } = await holdSeats(1, user.token);
    const tipo = async (card: string, token?: string) =>
      post('/pagos/tipo-tarjeta', { reservaId, token_id: await cardToken(card), device_session_id: 'dev-1' }, token);
    expect(ok(await tipo(DEBIT, user.token))).toEqual({ tipo: 'debit', marca: 'visa', banco: 'Banco de Pruebas', admiteMsi: false });
    expect(ok(await tipo(MASTERCARD_3_6, user.token))).toMatchObject({ tipo: 'credit', marca: 'mastercard', admiteMsi: true });
    // Single use, as at Openpay: the payment tokenises the card again.
    const used = await cardToken(DEBIT);
    ok(await post('/pagos/tipo-tarjeta', { reservaId, token_id: used, device_session_id: 'dev-1' }, user.token));
    const again = await post(
      '/pagos/make/cargo',
      { reservaId, source_id: used, device_session_id: 'dev-1', amount: (await resumen(reservaId, user.token)).total },
      user.token,
    );
    expect(again.statusCode).toBe(400);
    expect(await boletosDe(reservaId)).toBe(0);
  });

  it('tipo-tarjeta: a guest with their hold id; nobody else\u2019s hold; a bad token or missing field is a Spanish 400', async () => {
    const guest = await holdSeats(1);
    expect(
      ok(await post('/pagos/tipo-tarjeta', { reservaId: guest.reservaId, token_id: await cardToken(APPROVED), device_session_id: 'dev-1' })),
    ).toMatchObject({ tipo: 'credit', admiteMsi: true });
    const user = await createUser(t.database.db, jwtSecret);
    const otro = await createUser(t.database.db, jwtSecret);
    const { reservaId } = await holdSeats(1, user.token);
    // Another account, or no account at all, cannot use a member's hold.
    const token = await cardToken(DEBIT);
    expect((await post('/pagos/tipo-tarjeta', { reservaId, token_id: token, device_session_id: 'dev-1' }, otro.token)).statusCode).toBe(404);
    expect((await post('/pagos/tipo-tarjeta', { reservaId, token_id: token, device_session_id: 'dev-1' })).statusCode).toBe(404);
    // …and the refused calls left the token unused.
    expect(ok(await post('/pagos/tipo-tarjeta', { reservaId, token_id: token, device_session_id: 'dev-1' }, user.token))).toMatchObject({ tipo: 'debit' });
    const bad = await post('/pagos/tipo-tarjeta', { reservaId, token_id: 'tok_inexistente', device_session_id: 'dev-1' }, user.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(GATEWAY_MESSAGES[1005]);
    const missing = await post('/pagos/tipo-tarjeta', { reservaId, device_session_id: 'dev-1' }, user.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toEqual([pagoMessages.SOURCE_REQUIRED]);
    const noDevice = await post('/pagos/tipo-tarjeta', { reservaId, token_id: await cardToken(DEBIT), device_session_id: ' ' }, user.token);
    expect(noDevice.statusCode).toBe(400);
    expect(noDevice.json().message).toEqual([pagoMessages.DEVICE_REQUIRED]);
  });

  it('a plan the event does not offer for this total (12 under its minimum, 18, text) is 400 in Spanish and charges nothing', async () => {
    const user = await createUser(t.database.db, jwtSecret);
    const { reservaId } = await holdSeats(1, user.token);
    const twelve = await payMsi(reservaId, APPROVED, 12, user.token);
    expect(twelve.statusCode).toBe(400);
    expect(twelve.json().message).toBe(pagoMessages.MSI_NOT_AVAILABLE);
    for (const meses of [18, 'seis', 0]) {
      const res = await post(
        '/pagos/make/cargo',
        { reservaId, source_id: await cardToken(APPROVED), device_session_id: 'd', amount: (await resumen(reservaId, user.token)).total, meses },
        user.token,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual([pagoMessages.MSI_INVALID]);
    }
    expect(await count(sql`select count(*)::int as n from cargos where reserva_id = ${reservaId}`)).toBe(0);
  });
});

describe('pago en efectivo', () => {
  it('gives a reference, barcode and deadline; holds the places as pendiente de pago until then; e-mail with barcode and PDF; paying at the till sells once', async () => {
    const user = await createUser(t.database.db, jwtSecret);
    const { reservaId, ids } = await holdSeats(2, user.token);
    const { total } = await resumen(reservaId, user.token);
    const antes = Date.now();
    const body = makeReferenciaResponseSchema.parse(ok(await referencia(reservaId, 'efectivo', user.token)));
    expect(body.total).toBe(total);
    expect(body.cargo).toMatchObject({ status: 'in_progress', pagado: false });
    expect(body.instrucciones).toMatchObject({ metodo: 'efectivo', referencia: expect.stringMatching(/^\d{20}$/) });
    const vence = new Date(body.vence).getTime();
    // The default 48 h (PAGOS_EFECTIVO_MINUTOS), the event being 30 days away.
    expect(Math.abs(vence - (antes + 48 * 3600_000))).toBeLessThan(60_000);

    // Held until the deadline: the hold and each seat.
    const [hold] = await queryRows<{ pago_pendiente: string; fecha_expiracion: Date; estado: string }>(
      t.database.db,
      sql`select pago_pendiente, fecha_expiracion, estado from reservas where id = ${reservaId}`,
    );
    expect(hold).toMatchObject({ pago_pendiente: 'efectivo', estado: 'activa' });
    expect(new Date(hold!.fecha_expiracion).getTime()).toBe(vence);
    expect(
      await count(
        sql`select count(*)::int as n from evento_asientos where id = any(${`{${ids.join(',')}}`}::int[]) and hold_expires_at = ${new Date(vence).toISOString()}::timestamptz`,
      ),
    ).toBe(2);

    // The barcode the screen shows is a PNG of the reference.
    const png = await t.app.inject({ url: new URL(body.instrucciones.metodo === 'efectivo' ? body.instrucciones.codigoBarrasUrl : '').pathname });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    // The PDF: only the hold's owner gets it.
    const pdf = await t.request({ url: `/api/v1${body.pdfUrl}`, headers: { authorization: `Bearer ${user.token}` } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const otro = await createUser(t.database.db, jwtSecret);
    expect((await t.request({ url: `/api/v1${body.pdfUrl}`, headers: { authorization: `Bearer ${otro.token}` } })).statusCode).toBe(404);

    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toBe(`Pago en efectivo para ${body.evento.nombre}: tu referencia`);
    expect(mail!.text).toContain(body.instrucciones.metodo === 'efectivo' ? body.instrucciones.referencia : '');
    expect(mail!.attachments!.map((a) => a.contentType).sort()).toEqual(['application/pdf', 'image/png']);
    expect(
      Buffer.from(mail!.attachments!.find((a) => a.contentType === 'application/pdf')!.base64, 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // A replay answers the same reference; no second charge.
    const again = makeReferenciaResponseSchema.parse(ok(await referencia(reservaId, 'efectivo', user.token)));
    expect(again.cargo.id).toBe(body.cargo.id);
    expect(await count(sql`select count(*)::int as n from cargos where reserva_id = ${reservaId}`)).toBe(1);

    // Paid at the till: the webhook sells, once, and sends the tickets.
    expect(await sandboxTill(body.cargo.id, 'pagar')).toContain('Pago recibido');
    expect(await boletosDe(reservaId)).toBe(2);
    expect(await count(sql`select count(*)::int as n from evento_asientos where id = any(${`{${ids.join(',')}}`}::int[]) and estado = 'vendido'`)).toBe(2);
    await t.app.inject({ method: 'POST', url: '/webhooks/pagos', payload: { type: 'charge.succeeded', transaction: { id: body.cargo.id } } });
    expect(await boletosDe(reservaId)).toBe(2);
    const mails = await mailsTo(user.email);
    expect(mails.map((m) => m.subject)).toEqual([mail!.subject, `Tus boletos para ${body.evento.nombre}`]);
    expect(mails[1]!.text).toContain('Pagado en efectivo');
    const mis = ok(await t.request({ url: `/api/v1/eventos/mis_eventos/${ev.eventoId}`, headers: { authorization: `Bearer ${user.token}` } })) as {
      evento: { resumen: { pagos: unknown[] } };
    };
    expect(mis.evento.resumen.pagos).toEqual([{ metodo: 'efectivo', meses: null, total }]);
  });

  it('one unpaid reference per buyer and event: a new hold of the same buyer is refused while it is payable, and a second reference too', async () => {
    const correo = `efectivo.${randomUUID().slice(0, 8)}@ejemplo.mx`;
    // A browser is its hold token (X-Reserva-Token, given by the first hold).
    const hold = async (browser: string | undefined, n: number) => {
      const seatIds = await freeSeats(t.database.db, ev.eventoId, ev.seccionId, n, 30);
      return t.request({
        method: 'POST',
        url: `/api/v1/eventos/${ev.eventoId}/reservarInvitado`,
        headers: browser ? { 'x-reserva-token': browser } : {},
        payload: { asientosReserva: seatIds.slice(-1).map((id) => ({ id })), nombre: 'Ana', correo },
      });
    };
    const first = await hold(undefined, 1);
    expect(first.statusCode, first.body).toBe(201);
    const browser = first.json().tokenReserva as string;
    const reservaId = first.json().reservaId as string;
    makeReferenciaResponseSchema.parse(ok(await referencia(reservaId, 'efectivo')));
    // Same browser: its new hold would replace the one waiting for the payment.
    const replace = await hold(browser, 2);
    expect(replace.statusCode).toBe(409);
    expect(replace.json().message).toBe(pagoMessages.REFERENCE_PENDING_OTHER);
    expect(await count(sql`select count(*)::int as n from reservas where id = ${reservaId} and estado = 'activa'`)).toBe(1);
    // Another browser, same e-mail: it may hold, but not take a second reference.
    const second = await hold(undefined, 3);
    expect(second.statusCode, second.body).toBe(201);
    const refused = await referencia(second.json().reservaId, 'spei');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(pagoMessages.REFERENCE_PENDING_OTHER);
  });

  it('the deadline is the event\u2019s own, never later than the cut-off before the event; too close to it the method is refused', async () => {
    const cfg = defaultConfig().pagosDiferidos;
    const now = new Date('2026-12-01T12:00:00Z');
    const evento = (dias: number, efectivo: number | null = null) => ({
      fecha: new Date(now.getTime() + dias * 86_400_000),
      plazoEfectivoMinutos: efectivo,
      plazoSpeiMinutos: null,
    });
    expect(venceReferencia(evento(30), 'efectivo', cfg, now)!.toISOString()).toBe('2026-12-03T12:00:00.000Z');
    expect(venceReferencia(evento(30), 'spei', cfg, now)!.toISOString()).toBe('2026-12-02T00:00:00.000Z');
    expect(venceReferencia(evento(30, 90), 'efectivo', cfg, now)!.toISOString()).toBe('2026-12-01T13:30:00.000Z');
    // Event in 2 days: 48 h would pass the 24 h cut-off, so it ends 24 h before the event.
    expect(venceReferencia(evento(2), 'efectivo', cfg, now)!.toISOString()).toBe('2026-12-02T12:00:00.000Z');
    expect(venceReferencia({ ...evento(1), fecha: new Date(now.getTime() + 24 * 3600_000 + 10 * 60_000) }, 'efectivo', cfg, now)).toBeNull();

    await t.database.db.execute(sql`update eventos set fecha = now() + interval '24 hours 10 minutes' where id = ${ev.eventoId}`);
    try {
      const user = await createUser(t.database.db, jwtSecret);
      const { reservaId } = await holdSeats(1, user.token);
      expect((await resumen(reservaId, user.token)).diferidos).toEqual({ efectivo: null, spei: null });
      const res = await referencia(reservaId, 'efectivo', user.token);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(pagoMessages.REFERENCE_TOO_LATE);
      expect(await count(sql`select count(*)::int as n from cargos where reserva_id = ${reservaId}`)).toBe(0);
    } finally {
      await t.database.db.execute(sql`update eventos set fecha = now() + interval '30 days' where id = ${ev.eventoId}`);
    }
  });

  it('bad input is a Spanish 400 that changes nothing; someone else\u2019s hold is 404', async () => {
    const user = await createUser(t.database.db, jwtSecret);
    const otro = await createUser(t.database.db, jwtSecret);
    const { reservaId } = await holdSeats(1, user.token);
    const { total } = await resumen(reservaId, user.token);
    const bad = await post('/pagos/make/referencia', { reservaId, metodo: 'cheque', amount: total }, user.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual([pagoMessages.METHOD_INVALID]);
    const wrong = await post('/pagos/make/referencia', { reservaId, metodo: 'efectivo', amount: total + 1 }, user.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(pagoMessages.AMOUNT_MISMATCH);
    expect((await post('/pagos/make/referencia', { reservaId, metodo: 'efectivo', amount: total }, otro.token)).statusCode).toBe(404);
    expect((await t.request({ url: `/api/v1/pagos/referencia/${reservaId}/pdf`, headers: { authorization: `Bearer ${user.token}` } })).statusCode).toBe(404);
    expect(await count(sql`select count(*)::int as n from cargos where reserva_id = ${reservaId}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from reservas where id = ${reservaId} and pago_pendiente is null`)).toBe(1);
  });
});

describe('SPEI', () => {
  it('CLABE, bank, beneficiary and reference with a shorter deadline; let expire at the till: places freed now, the buyer told once', async () => {
    const user = await createUser(t.database.db, jwtSecret);
    const { reservaId, ids } = await holdSeats(2, user.token);
    const antes = Date.now();
    const body = makeReferenciaResponseSchema.parse(ok(await referencia(reservaId, 'spei', user.token)));
    if (body.instrucciones.metodo !== 'spei') throw new Error('SPEI esperado');
    expect(body.instrucciones.clabe).toMatch(/^\d{18}$/);
    expect(clabe(body.instrucciones.clabe.slice(0, 17))).toBe(body.instrucciones.clabe);
    expect(body.instrucciones.referencia).toMatch(/^\d{20}$/);
    expect(Math.abs(new Date(body.vence).getTime() - (antes + 12 * 3600_000))).toBeLessThan(60_000);
    const [mail] = await mailsTo(user.email);
    expect(mail!.text).toContain(`CLABE: ${body.instrucciones.clabe}`);
    expect(mail!.text).toContain(`Concepto / referencia: ${body.instrucciones.referencia}`);

    expect(await sandboxTill(body.cargo.id, 'vencer')).toContain('Referencia vencida');
    expect(
      await count(
        sql`select count(*)::int as n from evento_asientos where id = any(${`{${ids.join(',')}}`}::int[]) and reserva_id is null and hold_expires_at is null and estado = 'disponible'`,
      ),
    ).toBe(2);
    expect(await count(sql`select count(*)::int as n from reservas where id = ${reservaId} and estado = 'expirada'`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from cargos where reserva_id = ${reservaId} and estado = 'fallido'`)).toBe(1);

    const mailer = new Mailer(t.database.db, t.app.config.mail, t.app.log);
    try {
      await avisarReferenciasVencidas(t.database.db, mailer);
      await avisarReferenciasVencidas(t.database.db, mailer);
    } finally {
      await mailer.close();
    }
    const subjects = (await mailsTo(user.email)).map((m) => m.subject);
    expect(subjects.filter((s) => s === `Tu referencia para ${body.evento.nombre} venció`)).toHaveLength(1);
  });

  it('the sandbox page finds a reference by what the tester types, and says so when it does not exist', async () => {
    const user = await createUser(t.database.db, jwtSecret);
    const { reservaId } = await holdSeats(1, user.token);
    const body = makeReferenciaResponseSchema.parse(ok(await referencia(reservaId, 'efectivo', user.token)));
    const ref = body.instrucciones.metodo === 'efectivo' ? body.instrucciones.referencia : '';
    const found = await t.app.inject({ url: `/sandbox/pagos?referencia=${ref}` });
    expect(found.statusCode).toBe(303);
    const page = await t.app.inject({ url: found.headers.location as string });
    expect(page.body).toContain(ref);
    expect(page.body).toContain('Pendiente de pago');
    expect((await t.app.inject({ url: '/sandbox/pagos?referencia=123456' })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/sandbox/pagos/${body.cargo.id}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'accion=robar',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('a refunded cash or SPEI payment is told it goes back by transfer, a card\u2019s to the card', () => {
    const base = { to: 'a@ejemplo.mx', nombre: 'Ana', evento: { nombre: 'Gala', limiteDeAsientos: 10 }, total: 50_000, motivo: 'lugares' as const };
    expect(refundEmail({ ...base, metodo: 'efectivo' }).text).toContain('Te devolvemos el pago completo por transferencia');
    expect(refundEmail({ ...base, metodo: 'spei' }).text).not.toContain('tarjeta');
    expect(refundEmail(base).text).toContain('a tu tarjeta');
  });

  it('the test cards and CLABE the sandbox documents are valid numbers', () => {
    expect(luhnValid(DEBIT)).toBe(true);
    expect(clabe('01291400201411217')).toBe('012914002014112176');
    expect(clabe(SANDBOX_CLABE.slice(0, 17))).toBe(SANDBOX_CLABE);
  });
});

describe('the hold limits count places waiting for a payment', () => {
  it('a client without an account whose places wait behind a cash reference (until its deadline, not the hold\u2019s 10 minutes) is at its address\u2019s cap', async () => {
    const limited = await buildSandboxApp({ env: { HOLD_SWEEP_SECONDS: '0', HOLD_MINUTES: '10', HOLD_MAX_PLACES_PER_IP: '2' } });
    try {
      const db = limited.database.db;
      const e = await pickEvento(db, 10);
      await db.execute(sql`update eventos set fecha = now() + interval '30 days' where id = ${e.eventoId}`);
      const [a, b, c] = await freeSeats(db, e.eventoId, e.seccionId, 3);
      const ip = '198.51.100.77';
      const hold = (ids: number[], correo: string) =>
        limited.request({
          method: 'POST',
          url: `/api/v1/eventos/${e.eventoId}/reservarInvitado`,
          remoteAddress: ip,
          payload: { asientosReserva: ids.map((id) => ({ id })), nombre: 'Ana', correo },
        });
      const first = await hold([a!, b!], `cap.${randomUUID().slice(0, 8)}@ejemplo.mx`);
      expect(first.statusCode, first.body).toBe(201);
      const reservaId = first.json().reservaId as string;
      const { total } = ok(await limited.request({ url: `/api/v1/eventos/${e.eventoId}/reservas/${reservaId}/resumen` })) as { total: number };
      ok(await limited.request({ method: 'POST', url: '/api/v1/pagos/make/referencia_invitado', payload: { reservaId, metodo: 'efectivo', amount: total } }));
      // Its places now wait for the payment until the deadline, far past the hold's 10 minutes.
      const [pending] = await queryRows<{ horas: number }>(
        db,
        sql`select extract(epoch from fecha_expiracion - now()) / 3600 as horas from reservas where id = ${reservaId}`,
      );
      expect(Number(pending!.horas)).toBeGreaterThan(47);
      const more = await hold([c!], `otra.${randomUUID().slice(0, 8)}@ejemplo.mx`);
      expect(more.statusCode).toBe(429);
      const [live] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from reservas where evento_id = ${e.eventoId} and estado = 'activa'`);
      expect(live!.n).toBe(1);
    } finally {
      await limited.close();
    }
  });
});

// Last in this file: it uses up this address's allowance of card-type questions.
describe('tipo-tarjeta is limited per client address', () => {
  it('30 questions per 10 minutes, then 429 in Spanish without asking the gateway', async () => {
    const { reservaId } = await holdSeats(1);
    let res = await post('/pagos/tipo-tarjeta', { reservaId, device_session_id: 'dev-1' });
    for (let i = 0; i < 40 && res.statusCode !== 429; i++) res = await post('/pagos/tipo-tarjeta', { reservaId, device_session_id: 'dev-1' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Demasiados intentos. Intenta de nuevo en unos minutos.');
    // A well-formed question is refused too, its token left unused.
    expect((await post('/pagos/tipo-tarjeta', { reservaId, token_id: await cardToken(APPROVED), device_session_id: 'dev-1' })).statusCode).toBe(429);
  });
});
