import { makeReferenciaResponseSchema } from '@taquilla/shared/schemas/pagos';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { venceReferencia } from '../src/modules/ventas/ventas.diferidos';
import { defaultConfig } from '../src/config';
import { buildSandboxApp } from './support/sandbox';
import { createUser, freeSeats, pickEvento } from './support/reservas';
import { ok } from './support/sale';
import { diferidosAppPerFile } from './support/diferidos';

/**
 * Cash at a store on the Openpay sandbox, through the API: the reference held as 'pendiente de
 * pago' until its deadline, its e-mail with barcode and PDF, the PDF route, one unpaid reference
 * per buyer, the cut-off before the event, paid at the sandbox's till page; the per-address hold
 * cap counting places that wait for a payment.
 */

const { h, post, holdSeats, resumen, count, boletosDe, referencia, sandboxTill, mailsTo } = diferidosAppPerFile();

describe('pago en efectivo', () => {
  it('gives a reference, barcode and deadline; holds the places as pendiente de pago until then; e-mail with barcode and PDF; paying at the till sells once', async () => {
    const user = await createUser(h.t.database.db, h.jwtSecret);
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
      h.t.database.db,
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
    const png = await h.t.app.inject({ url: new URL(body.instrucciones.metodo === 'efectivo' ? body.instrucciones.codigoBarrasUrl : '').pathname });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    // The PDF: only the hold's owner gets it.
    const pdf = await h.t.request({ url: `/api/v1${body.pdfUrl}`, headers: { authorization: `Bearer ${user.token}` } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const otro = await createUser(h.t.database.db, h.jwtSecret);
    expect((await h.t.request({ url: `/api/v1${body.pdfUrl}`, headers: { authorization: `Bearer ${otro.token}` } })).statusCode).toBe(404);

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
    await h.t.app.inject({ method: 'POST', url: '/webhooks/pagos', payload: { type: 'charge.succeeded', transaction: { id: body.cargo.id } } });
    expect(await boletosDe(reservaId)).toBe(2);
    const mails = await mailsTo(user.email);
    expect(mails.map((m) => m.subject)).toEqual([mail!.subject, `Tus boletos para ${body.evento.nombre}`]);
    expect(mails[1]!.text).toContain('Pagado en efectivo');
    const mis = ok(await h.t.request({ url: `/api/v1/eventos/mis_eventos/${h.ev.eventoId}`, headers: { authorization: `Bearer ${user.token}` } })) as {
      evento: { resumen: { pagos: unknown[] } };
    };
    expect(mis.evento.resumen.pagos).toEqual([{ metodo: 'efectivo', meses: null, total }]);
  });

  it('one unpaid reference per buyer and event: a new hold of the same buyer is refused while it is payable, and a second reference too', async () => {
    const correo = `efectivo.${randomUUID().slice(0, 8)}@ejemplo.mx`;
    // A browser is its hold token (X-Reserva-Token, given by the first hold).
    const hold = async (browser: string | undefined, n: number) => {
      const seatIds = await freeSeats(h.t.database.db, h.ev.eventoId, h.ev.seccionId, n, 30);
      return h.t.request({
        method: 'POST',
        url: `/api/v1/eventos/${h.ev.eventoId}/reservarInvitado`,
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

    await h.t.database.db.execute(sql`update eventos set fecha = now() + interval '24 hours 10 minutes' where id = ${h.ev.eventoId}`);
    try {
      const user = await createUser(h.t.database.db, h.jwtSecret);
      const { reservaId } = await holdSeats(1, user.token);
      expect((await resumen(reservaId, user.token)).diferidos).toEqual({ efectivo: null, spei: null });
      const res = await referencia(reservaId, 'efectivo', user.token);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(pagoMessages.REFERENCE_TOO_LATE);
      expect(await count(sql`select count(*)::int as n from cargos where reserva_id = ${reservaId}`)).toBe(0);
    } finally {
      await h.t.database.db.execute(sql`update eventos set fecha = now() + interval '30 days' where id = ${h.ev.eventoId}`);
    }
  });

  it('bad input is a Spanish 400 that changes nothing; someone else\u2019s hold is 404', async () => {
    const user = await createUser(h.t.database.db, h.jwtSecret);
    const otro = await createUser(h.t.database.db, h.jwtSecret);
    const { reservaId } = await holdSeats(1, user.token);
    const { total } = await resumen(reservaId, user.token);
    const bad = await post('/pagos/make/referencia', { reservaId, metodo: 'cheque', amount: total }, user.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual([pagoMessages.METHOD_INVALID]);
    const wrong = await post('/pagos/make/referencia', { reservaId, metodo: 'efectivo', amount: total + 1 }, user.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(pagoMessages.AMOUNT_MISMATCH);
    expect((await post('/pagos/make/referencia', { reservaId, metodo: 'efectivo', amount: total }, otro.token)).statusCode).toBe(404);
    expect((await h.t.request({ url: `/api/v1/pagos/referencia/${reservaId}/pdf`, headers: { authorization: `Bearer ${user.token}` } })).statusCode).toBe(404);
    expect(await count(sql`select count(*)::int as n from cargos where reserva_id = ${reservaId}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from reservas where id = ${reservaId} and pago_pendiente is null`)).toBe(1);
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
