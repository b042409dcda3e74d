import { makeReferenciaResponseSchema } from '@taquilla/shared/schemas/pagos';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { avisarReferenciasVencidas } from '../src/modules/ventas/ventas.referencia';
import { refundEmail } from '../src/modules/ventas/ventas.email';
import { Mailer } from '../src/mail/mailer';
import { clabe, luhnValid, SANDBOX_CLABE } from '@taquilla/openpay-sandbox';
import { createUser } from './support/reservas';
import { ok } from './support/sale';
import { DEBIT, diferidosAppPerFile } from './support/diferidos';

/**
 * SPEI on the Openpay sandbox, through the API: the CLABE and reference, expired at the sandbox's
 * bank page (places freed, the buyer told once), the sandbox page's search; the refund e-mail by
 * payment method; the sandbox's documented test numbers.
 */

const { h, holdSeats, count, referencia, sandboxTill, mailsTo } = diferidosAppPerFile();

describe('SPEI', () => {
  it('CLABE, bank, beneficiary and reference with a shorter deadline; let expire at the till: places freed now, the buyer told once', async () => {
    const user = await createUser(h.t.database.db, h.jwtSecret);
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

    const mailer = new Mailer(h.t.database.db, h.t.app.config.mail, h.t.app.log);
    try {
      await avisarReferenciasVencidas(h.t.database.db, mailer);
      await avisarReferenciasVencidas(h.t.database.db, mailer);
    } finally {
      await mailer.close();
    }
    const subjects = (await mailsTo(user.email)).map((m) => m.subject);
    expect(subjects.filter((s) => s === `Tu referencia para ${body.evento.nombre} venció`)).toHaveLength(1);
  });

  it('the sandbox page finds a reference by what the tester types, and says so when it does not exist', async () => {
    const user = await createUser(h.t.database.db, h.jwtSecret);
    const { reservaId } = await holdSeats(1, user.token);
    const body = makeReferenciaResponseSchema.parse(ok(await referencia(reservaId, 'efectivo', user.token)));
    const ref = body.instrucciones.metodo === 'efectivo' ? body.instrucciones.referencia : '';
    const found = await h.t.app.inject({ url: `/sandbox/pagos?referencia=${ref}` });
    expect(found.statusCode).toBe(303);
    const page = await h.t.app.inject({ url: found.headers.location as string });
    expect(page.body).toContain(ref);
    expect(page.body).toContain('Pendiente de pago');
    expect((await h.t.app.inject({ url: '/sandbox/pagos?referencia=123456' })).statusCode).toBe(404);
    expect(
      (
        await h.t.app.inject({
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
