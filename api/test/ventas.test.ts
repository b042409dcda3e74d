import { checkCargoResponseSchema, makeCargoResponseSchema } from '@taquilla/shared/schemas/pagos';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import { describe, expect, it, vi } from 'vitest';
import { queryRows } from '../src/db/rows';
import { createUser, reservaEstado, seatStates } from './support/reservas';
import { CARDS, saleSuite } from './support/sale';

/** The sale: resumen and amounts, a purchase (signed in and guest) and a double click, on the Openpay sandbox. */

const { APPROVED, THREE_DS } = CARDS;
const { suite, kit } = saleSuite(40);
const { post, cardToken, holdSeats, resumen, pay, webhookPost, count, boletosDe } = kit;

describe('resumen and amounts', () => {
  it('answers the server totals, and refuses a foreign, unknown or other-event reservation with 404', async () => {
    const user = await createUser(suite.t.database.db, suite.jwtSecret);
    const otro = await createUser(suite.t.database.db, suite.jwtSecret);
    const { reservaId } = await holdSeats(2, user.token);
    const r = await resumen(reservaId, user.token);
    expect(r.subtotal).toBeGreaterThan(0);
    expect(r.total).toBe(r.subtotal - r.descuento + r.cargoServicio + r.cargoTarjeta + r.iva);
    for (const res of [
      await suite.t.request({ url: `/api/v1/eventos/${suite.ev.eventoId}/reservas/${reservaId}/resumen`, headers: { authorization: `Bearer ${otro.token}` } }),
      await suite.t.request(`/api/v1/eventos/${suite.ev.eventoId}/reservas/${reservaId}/resumen`),
      await suite.t.request(`/api/v1/eventos/${suite.ev.eventoId}/reservas/${randomUUID()}/resumen`),
    ])
      expect(res.statusCode).toBe(404);
  });

  it('a wrong amount is 400 with the Spanish message and charges nothing; a foreign or expired hold is 404', async () => {
    const user = await createUser(suite.t.database.db, suite.jwtSecret);
    const otro = await createUser(suite.t.database.db, suite.jwtSecret);
    const { reservaId } = await holdSeats(1, user.token);
    const { total } = await resumen(reservaId, user.token);
    const wrong = await pay(reservaId, APPROVED, { token: user.token, amount: total - 1 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(pagoMessages.AMOUNT_MISMATCH);
    expect(await count(sql`select count(*)::int as n from cargos where reserva_id = ${reservaId}`)).toBe(0);

    expect((await pay(reservaId, APPROVED, { token: otro.token, amount: total })).statusCode).toBe(404);
    expect((await pay(reservaId, APPROVED, { amount: total })).statusCode).toBe(404); // guest route, account hold
    expect((await pay(randomUUID(), APPROVED, { token: user.token, amount: total })).statusCode).toBe(404);
    const bad = await post('/pagos/make/cargo', { reservaId, source_id: '', device_session_id: 'd', amount: 1.5 }, user.token);
    expect(bad.statusCode).toBe(400);

    await suite.t.database.db.execute(sql`update reservas set fecha_expiracion = now() - interval '1 second' where id = ${reservaId}`);
    await suite.t.database.db.execute(sql`update evento_asientos set hold_expires_at = now() - interval '1 second' where reserva_id = ${reservaId}`);
    const expired = await pay(reservaId, APPROVED, { token: user.token, amount: total });
    expect(expired.statusCode).toBe(404);
    expect(await boletosDe(reservaId)).toBe(0);
  });
});

describe('a purchase', () => {
  it('signed-in: sells the seats once, and replays of make, check and webhook answer the same tickets', async () => {
    const user = await createUser(suite.t.database.db, suite.jwtSecret);
    const { reservaId, ids } = await holdSeats(2, user.token);
    const { total } = await resumen(reservaId, user.token);
    const announced = vi.spyOn(suite.t.app.disponibilidad.publisher, 'queue');
    const res = await pay(reservaId, APPROVED, { token: user.token });
    expect(res.statusCode).toBe(200);
    // The live maps hear about the sold seats (the stream reads their state: vendido).
    expect(announced).toHaveBeenCalledWith({ asientos: ids });
    announced.mockRestore();
    const body = makeCargoResponseSchema.parse(res.json());
    expect(body.cargo).toMatchObject({ status: 'completed', pagado: true });
    expect(body.total).toBe(total);
    expect(body.boletos).toHaveLength(2);
    expect(new Set(body.boletos.map((b) => b.quemadoUuid)).size).toBe(2);
    expect(body.evento.id).toBe(suite.ev.eventoId);
    expect(await reservaEstado(suite.t.database.db, reservaId)).toBe('vendida');
    expect([...(await seatStates(suite.t.database.db, ids)).values()]).toEqual(['vendido', 'vendido']);
    const [stored] = await queryRows<{ total: number }>(suite.t.database.db, sql`select total from reservas where id = ${reservaId}`);
    expect(Number(stored!.total)).toBe(total);

    // Double click after the sale: same charge, same tickets, no new charge.
    const again = makeCargoResponseSchema.parse((await pay(reservaId, APPROVED, { token: user.token, amount: total })).json());
    expect(again.cargo.id).toBe(body.cargo.id);
    expect(again.boletos.map((b) => b.id).sort()).toEqual(body.boletos.map((b) => b.id).sort());

    const checks = await Promise.all([1, 2, 3].map(() => post(`/pagos/check/cargo/${body.cargo.id}`, { reservaId, esGeneral: false }, user.token)));
    for (const c of checks) {
      const parsed = checkCargoResponseSchema.parse(c.json());
      expect(parsed).toMatchObject({ message: pagoMessages.PAYMENT_PAID, cargo: { pagado: true, status: 'completed' }, total });
      expect(body.boletos.map((b) => b.id)).toContain(parsed.id);
    }
    await Promise.all([1, 2].map(() => webhookPost({ type: 'charge.succeeded', transaction: { id: body.cargo.id } })));
    expect(await boletosDe(reservaId)).toBe(2);
    expect(await count(sql`select count(*)::int as n from cargos where reserva_id = ${reservaId}`)).toBe(1);
    // Unknown charges and junk are answered without effect (never a 500).
    expect((await webhookPost({ type: 'charge.succeeded', transaction: { id: 'tr_desconocido' } })).statusCode).toBe(200);
    expect((await webhookPost({ transaction: { id: 42 } })).statusCode).toBe(400);

    // One tickets e-mail however many replays: each QR is its ticket's quemado_uuid, inline by cid, plus an .ics.
    const mails = await queryRows<{
      subject: string;
      html: string;
      text: string;
      attachments: { filename: string; contentType: string; cid?: string; base64: string }[];
    }>(suite.t.database.db, sql`select subject, html, text, attachments from email_outbox where "to" = ${user.email}`);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Tus boletos para ${body.evento.nombre}`);
    expect(mail.html).toContain(body.evento.recinto);
    expect(mail.text).toContain('Total pagado:');
    const pngs = mail.attachments.filter((a) => a.contentType === 'image/png');
    expect(pngs).toHaveLength(2);
    for (const [i, b] of body.boletos.entries()) {
      expect(mail.html).toContain(`cid:${pngs[i]!.cid}`);
      expect(mail.html).toContain(`Fila ${b.fila} · Asiento ${b.asiento}`);
      const expected = await QRCode.toBuffer(b.quemadoUuid, { type: 'png', width: 240, margin: 1, errorCorrectionLevel: 'M' });
      expect(Buffer.from(pngs[i]!.base64, 'base64').equals(expected)).toBe(true);
    }
    const ics = Buffer.from(mail.attachments.find((a) => a.filename === 'evento.ics')!.base64, 'base64').toString();
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`DTSTART:${body.evento.fecha.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    const inline = await suite.t.app.inject({
      url: `/dev/correos/${(await queryRows<{ id: string }>(suite.t.database.db, sql`select id from email_outbox where "to" = ${user.email}`))[0]!.id}/cid/${encodeURIComponent(pngs[0]!.cid!)}`,
      remoteAddress: '127.0.0.1',
    });
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('image/png');
    expect(inline.rawPayload.equals(Buffer.from(pngs[0]!.base64, 'base64'))).toBe(true);

    // Someone else's check of this charge reads as absent.
    const otro = await createUser(suite.t.database.db, suite.jwtSecret);
    expect((await post(`/pagos/check/cargo/${body.cargo.id}`, { reservaId, esGeneral: false }, otro.token)).statusCode).toBe(404);
  });

  it('guest, general admission: one ticket per place; the card number is nowhere in the database', async () => {
    const hold = await post(`/eventos/${suite.ev.eventoId}/reservar_generales`, {
      cantidadAsientos: 3,
      seccionId: suite.ev.general.seccionId,
      nombre: 'Beto Invitado',
      correo: `beto.${randomUUID().slice(0, 6)}@ejemplo.mx`,
    });
    expect(hold.statusCode).toBe(201);
    const reservaId = hold.json().reservaId as string;
    const res = await pay(reservaId, APPROVED, { esGeneral: true });
    expect(res.statusCode).toBe(200);
    const body = makeCargoResponseSchema.parse(res.json());
    expect(body.cargo.pagado).toBe(true);
    expect(body.boletos).toHaveLength(3);
    expect(body.boletos.every((b) => b.fila === null && b.asiento === null)).toBe(true);
    expect(body.invitadoId).toBeTruthy();
    expect(await count(sql`select count(*)::int as n from evento_lugares_generales where reserva_id = ${reservaId} and estado = 'vendido'`)).toBe(3);

    const tables = await queryRows<{ name: string }>(
      suite.t.database.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    for (const { name } of tables) {
      const hits = await queryRows<{ n: number }>(
        suite.t.database.db,
        sql`select count(*)::int as n from ${sql.identifier(name)} t where t::text like ${`%${APPROVED}%`} or t::text like ${`%${THREE_DS}%`}`,
      );
      expect(Number(hits[0]!.n), name).toBe(0);
    }
  });
});

describe('a double click', () => {
  it('two make/cargo at once with the same token charge once and both answer the sale', async () => {
    const user = await createUser(suite.t.database.db, suite.jwtSecret);
    const { reservaId } = await holdSeats(1, user.token);
    const { total } = await resumen(reservaId, user.token);
    const body = { reservaId, esGeneral: false, source_id: await cardToken(APPROVED), device_session_id: 'dev-9', amount: total };
    const [a, b] = await Promise.all([post('/pagos/make/cargo', body, user.token), post('/pagos/make/cargo', body, user.token)]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    expect(a.json().cargo.id).toBe(b.json().cargo.id);
    expect(a.json().cargo.pagado && b.json().cargo.pagado).toBe(true);
    expect(await boletosDe(reservaId)).toBe(1);
    expect([...suite.t.sandbox.charges.values()].filter((c) => String(c.order_id).startsWith(reservaId))).toHaveLength(1);
  });
});
