import { makeCargoResponseSchema } from '@taquilla/shared/schemas/pagos';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/rows';
import { REENVIOS } from '../../src/modules/ventas/reenvio.service';
import type { TestApp } from '../support/app';
import { pickEvento } from '../support/reservas';
import { buildSaleApp, CARDS, ok, saleKit } from '../support/sale';

// Issue 27, finding 11: the sale's own tickets e-mail counts as one of the REENVIOS.max e-mails a
// sale may send in REENVIOS.windowMinutes, so a buyer gets at most 3 in 10 minutes — also when
// the resends arrive together.

let t: TestApp;
let ev: Awaited<ReturnType<typeof pickEvento>>;
const { holdSeats, pay } = saleKit(() => ({ t, eventoId: ev.eventoId, seccionId: ev.seccionId }));

beforeAll(async () => {
  t = await buildSaleApp();
  ev = await pickEvento(t.database.db, 4);
});
afterAll(async () => t?.close());

const ticketMails = async (to: string) =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from email_outbox where "to" = ${to} and subject like 'Tus boletos para %'`))[0]!
    .n;

/** A guest's sale, and its resend call from its own client address (the per-IP limit stays out of the way). */
async function guestSale(ip: string) {
  const { reservaId } = await holdSeats(1);
  const sale = makeCargoResponseSchema.parse(ok(await pay(reservaId, CARDS.APPROVED)));
  const [guest] = await queryRows<{ correo: string }>(
    t.database.db,
    sql`select i.correo from invitados i join reservas r on r.invitado_id = i.id where r.id = ${reservaId}`,
  );
  const resend = () => t.request({ method: 'POST', url: `/api/v1/correos/sold-tickets-email-invitado/${sale.invitadoId}/${reservaId}`, remoteAddress: ip });
  return { correo: guest!.correo, resend };
}

describe('ticket resend limit (finding 11)', () => {
  it(`the sale's own e-mail is one of ${REENVIOS.max}: ${REENVIOS.max - 1} resends, then 429 with Retry-After`, async () => {
    expect(REENVIOS).toMatchObject({ max: 3, windowMinutes: 10 });
    const sale = await guestSale('198.51.100.71');
    expect(await ticketMails(sale.correo)).toBe(1);
    for (let i = 1; i < REENVIOS.max; i++) expect((await sale.resend()).statusCode).toBe(200);
    const refused = await sale.resend();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Ya te enviamos tus boletos varias veces/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await ticketMails(sale.correo)).toBe(REENVIOS.max);
  });

  it('resends arriving together cannot pass the limit', async () => {
    const sale = await guestSale('198.51.100.72');
    const answers = await Promise.all(Array.from({ length: 6 }, () => sale.resend()));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 429, 429, 429, 429]);
    expect(await ticketMails(sale.correo)).toBe(REENVIOS.max);
  });

  it('per client IP (and route), 10 resends in 10 minutes across sales, then 429 with Retry-After', async () => {
    const ip = '198.51.100.73';
    const sales = [];
    for (let i = 0; i < 6; i++) sales.push(await guestSale(ip));
    const codes: number[] = [];
    for (const sale of sales) for (let i = 0; i < 2; i++) codes.push((await sale.resend()).statusCode);
    expect(codes).toEqual([...Array<number>(10).fill(200), 429, 429]);
    const refused = await sales[0]!.resend();
    expect(refused.json().message).toBe('Demasiados intentos. Intenta de nuevo en unos minutos.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected.
    const other = await guestSale('198.51.100.74');
    expect((await other.resend()).statusCode).toBe(200);
  });
});
