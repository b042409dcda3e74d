import { reenvioBoletosResponseSchema } from '@taquilla/shared/schemas/pagos';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { REENVIOS } from '../src/modules/ventas/reenvio.service';
import type { TestApp } from './support/app';
import { createUser, pickEvento } from './support/reservas';
import { buildSaleApp, CARDS, ok, saleKit } from './support/sale';

/** The three sold-tickets-email calls: the tickets e-mail again, only to the sale's own address. */

let t: TestApp;
let ev: Awaited<ReturnType<typeof pickEvento>>;
let jwtSecret: string;
const { post, holdSeats, pay, guestSale } = saleKit(() => ({ t, eventoId: ev.eventoId, seccionId: ev.seccionId }));

beforeAll(async () => {
  t = await buildSaleApp();
  jwtSecret = t.app.config.jwtSecret;
  ev = await pickEvento(t.database.db, 10);
});
afterAll(async () => t?.close());

const ticketMails = async (to: string) =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from email_outbox where "to" = ${to} and subject like 'Tus boletos para %'`))[0]!
    .n;

describe('POST /correos/sold-tickets-email*', () => {
  it('a guest gets the tickets again at the sale address; another guest id, a hold not sold or an unknown id get 404 and send nothing', async () => {
    const sale = await guestSale();
    expect(await ticketMails(sale.correo)).toBe(1);
    const res = await post(`/correos/sold-tickets-email-invitado/${sale.invitadoId}/${sale.reservaId}`, {});
    expect(reenvioBoletosResponseSchema.parse(ok(res))).toEqual({ message: 'Te enviamos tus boletos por correo.', user: { email: sale.correo } });
    expect(await ticketMails(sale.correo)).toBe(2);

    const unsold = await holdSeats(1);
    for (const url of [
      `/correos/sold-tickets-email-invitado/${randomUUID()}/${sale.reservaId}`,
      `/correos/sold-tickets-email-invitado/${sale.invitadoId}/${randomUUID()}`,
      `/correos/sold-tickets-email-3d/${unsold.reservaId}`,
    ]) {
      const refused = await post(url, {});
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json().message).toBe('La compra no existe.');
    }
    expect(await ticketMails(sale.correo)).toBe(2);
    expect((await post('/correos/sold-tickets-email-3d/no-es-un-id', {})).statusCode).toBe(400);
  });

  it('a member sale: only the buyer’s own session resends it', async () => {
    const buyer = await createUser(t.database.db, jwtSecret);
    const other = await createUser(t.database.db, jwtSecret);
    const { reservaId } = await holdSeats(1, buyer.token);
    ok(await pay(reservaId, CARDS.APPROVED, { token: buyer.token }));
    const url = `/correos/sold-tickets-email-3d/${reservaId}`;
    expect((await post(url, {})).statusCode).toBe(404);
    expect((await post(url, {}, other.token)).statusCode).toBe(404);
    expect(reenvioBoletosResponseSchema.parse(ok(await post(url, {}, buyer.token))).user.email).toBe(buyer.email);
    expect(await ticketMails(buyer.email)).toBe(2);
  });

  it('by ticket id, only to the sale’s own address: another address cannot receive someone else’s tickets', async () => {
    const sale = await guestSale();
    const stolen = await post(`/correos/sold-tickets-email/${encodeURIComponent('ladron@ejemplo.mx')}/${sale.boletoId}`, {});
    expect(stolen.statusCode).toBe(404);
    expect(await ticketMails('ladron@ejemplo.mx')).toBe(0);
    expect((await post(`/correos/sold-tickets-email/${encodeURIComponent(sale.correo)}/no-es-uuid`, {})).statusCode).toBe(400);
    ok(await post(`/correos/sold-tickets-email/${encodeURIComponent(sale.correo.toUpperCase())}/${sale.boletoId}`, {}));
    expect(await ticketMails(sale.correo)).toBe(2);
  });

  it(`stops after ${REENVIOS.max} tickets e-mails (the sale's own included) in ${REENVIOS.windowMinutes} minutes per sale`, async () => {
    const sale = await guestSale();
    const url = `/correos/sold-tickets-email-invitado/${sale.invitadoId}/${sale.reservaId}`;
    for (let i = 1; i < REENVIOS.max; i++) ok(await post(url, {}));
    const tooMany = await post(url, {});
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().message).toMatch(/^Ya te enviamos tus boletos varias veces/);
    expect(await ticketMails(sale.correo)).toBe(REENVIOS.max);
  });
});
