import { checkCargoResponseSchema, makeCargoResponseSchema } from '@taquilla/shared/schemas/pagos';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { createPaymentGateway } from '../src/modules/pagos/gateway/gateway.factory';
import { insertCargo } from '../src/modules/ventas/cargos.repository';
import { createUser, reservaEstado } from './support/reservas';
import { CARDS, ok, saleSuite } from './support/sale';

/**
 * A second completed charge for a hold that is already sold — what two tabs paying at once
 * produce (the concurrency test makes it happen for real; here it is made by hand so the
 * answers can be read): refunded as a duplicate, and the buyer is told the purchase is paid.
 */

const { suite, kit } = saleSuite(10);
const { post, holdSeats, cardToken, pay, boletosDe } = kit;

describe('a second charge for a sold hold', () => {
  it('is refunded as a duplicate; the check answers the purchase as paid, and the e-mail says why', async () => {
    const user = await createUser(suite.t.database.db, suite.jwtSecret);
    const { reservaId } = await holdSeats(1, user.token);
    const first = makeCargoResponseSchema.parse(ok(await pay(reservaId, CARDS.APPROVED, { token: user.token })));
    expect(first.cargo.pagado).toBe(true);

    // The twin tab's charge, completed at the gateway after the sale.
    const gateway = createPaymentGateway(suite.t.app.config.pagos)!;
    const twin = await gateway.createCharge({
      orderId: `${reservaId}-9`,
      amount: first.total,
      description: 'twin',
      sourceId: await cardToken(CARDS.APPROVED),
      deviceSessionId: 'dev-2',
      customer: { name: 'Ana', email: user.email },
      use3ds: false,
      redirectUrl: 'http://tienda.localhost:3000/',
    });
    const [paid] = await queryRows<{ detalle: unknown }>(
      suite.t.database.db,
      sql`select detalle from cargos where reserva_id = ${reservaId} and estado = 'pagado'`,
    );
    await insertCargo(suite.t.database.db, {
      reservaId,
      proveedor: gateway.proveedor,
      proveedorCargoId: twin.id,
      monto: twin.amount,
      detalle: paid!.detalle as never,
    });

    const check = checkCargoResponseSchema.parse(ok(await post(`/pagos/check/cargo/${twin.id}`, { reservaId, esGeneral: false }, user.token)));
    expect(check).toMatchObject({ message: pagoMessages.PAYMENT_DUPLICATE_REFUNDED, cargo: { pagado: true, status: 'refunded' }, total: first.total });
    expect(check.boletos.map((b) => b.id)).toEqual(first.boletos.map((b) => b.id));
    expect((await gateway.getCharge(twin.id)).status).toBe('refunded');
    expect(await boletosDe(reservaId)).toBe(1);
    expect(await reservaEstado(suite.t.database.db, reservaId)).toBe('vendida');
    const mails = await queryRows<{ text: string }>(
      suite.t.database.db,
      sql`select text from email_outbox where "to" = ${user.email} and subject like 'Reembolsamos%'`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('fue un segundo cargo por una compra que ya estaba pagada');
  });
});
