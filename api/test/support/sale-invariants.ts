import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';
import { queryRows } from '../../src/db/rows';

export interface ExpectedSale {
  reservaId: string;
  /** The buyer's address (account or guest), where the tickets or refund e-mail goes. */
  correo: string;
  expect: 'vendida' | 'reembolsada';
}

const ids = (xs: string[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );

/**
 * What the database must show after any number of concurrent purchases of one event, read
 * from the tables rather than from the answers: no place sold twice, tickets = places held,
 * one paid charge per sale, no completed charge without tickets unless refunded, one tickets
 * e-mail per sale (and one refund e-mail per refunded charge).
 */
export async function expectSalesConsistent(
  db: Db,
  run: { eventoId: number; evento: string; outcomes: ExpectedSale[] },
  gatewayCharges: Map<string, Record<string, unknown>>,
): Promise<void> {
  const { eventoId } = run;
  // Every seat and general place has at most one ticket, and a sold place's ticket is its holder's.
  expect(
    await queryRows(
      db,
      sql`select evento_asiento_id from boletos where evento_id = ${eventoId} and evento_asiento_id is not null group by 1 having count(*) > 1`,
    ),
  ).toEqual([]);
  expect(
    await queryRows(
      db,
      sql`select lugar_general_id from boletos where evento_id = ${eventoId} and lugar_general_id is not null group by 1 having count(*) > 1`,
    ),
  ).toEqual([]);
  const mismatched = await queryRows(
    db,
    sql`select ea.id, ea.reserva_id::text, count(b.id)::int as boletos, array_agg(b.reserva_id::text) as de from evento_asientos ea left join boletos b on b.evento_asiento_id = ea.id
         where ea.evento_id = ${eventoId} and (ea.estado = 'vendido' or b.id is not null)
         group by ea.id, ea.reserva_id having count(b.id) <> 1 or bool_or(b.reserva_id is distinct from ea.reserva_id)`,
  );
  expect(mismatched, 'seats sold ≠ their tickets').toEqual([]);
  const generales = await queryRows(
    db,
    sql`select l.id from evento_lugares_generales l left join boletos b on b.lugar_general_id = l.id
         where l.evento_id = ${eventoId} and b.id is not null and (l.estado <> 'vendido' or l.reserva_id is distinct from b.reserva_id)`,
  );
  expect(generales, 'general places with a ticket not sold to its holder').toEqual([]);

  // Per reservation of this run: its state, paid charges, tickets (all of the paid charge) and places held.
  const rows = await queryRows<{ id: string; estado: string; cantidad: number; pagados: number; reembolsados: number; boletos: number; del_pagado: number }>(
    db,
    sql`select r.id::text, r.estado, r.cantidad,
               (select count(*)::int from cargos c where c.reserva_id = r.id and c.estado = 'pagado') as pagados,
               (select count(*)::int from cargos c where c.reserva_id = r.id and c.estado = 'reembolsado') as reembolsados,
               (select count(*)::int from boletos b where b.reserva_id = r.id) as boletos,
               (select count(*)::int from boletos b join cargos c on c.id = b.cargo_id where b.reserva_id = r.id and c.estado = 'pagado') as del_pagado
          from reservas r where r.id in (${ids(run.outcomes.map((o) => o.reservaId))})`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const o of run.outcomes) {
    const r = byId.get(o.reservaId)!;
    const sold = o.expect === 'vendida';
    expect({
      reserva: o.reservaId,
      estado: r.estado,
      pagados: r.pagados,
      boletos: r.boletos,
      delPagado: r.del_pagado,
      reembolsado: r.reembolsados > 0,
    }).toEqual({
      reserva: o.reservaId,
      estado: sold ? 'vendida' : 'expirada',
      pagados: sold ? 1 : 0,
      boletos: sold ? r.cantidad : 0,
      delPagado: sold ? r.cantidad : 0,
      reembolsado: sold ? r.reembolsados > 0 : true,
    });
  }

  // The gateway's side: a completed charge is a sale with tickets; a refunded or failed one (a risk
  // refusal before its 3-D Secure charge, decision 0039) has none; nothing is left pending.
  // Every charge the gateway (the Openpay sandbox) holds for these holds, beside our record of it.
  const reservas = run.outcomes.map((o) => o.reservaId);
  const ours = await queryRows<{ id: string; estado: string; boletos: number }>(
    db,
    sql`select c.proveedor_cargo_id as id, c.estado, (select count(*)::int from boletos b where b.cargo_id = c.id) as boletos
          from cargos c where c.reserva_id in (${ids(reservas)})`,
  );
  const ourById = new Map(ours.map((c) => [c.id, c]));
  const charges = [...gatewayCharges.values()]
    .filter((g) => ourById.has(String(g.id)) || reservas.some((r) => String(g.order_id ?? '').startsWith(`${r}-`)))
    .map((g) => ({
      id: String(g.id),
      status: String(g.status),
      estado: ourById.get(String(g.id))?.estado ?? null,
      boletos: ourById.get(String(g.id))?.boletos ?? 0,
    }));
  const wrong = charges.filter(
    (c) =>
      !(
        (c.status === 'completed' && c.estado === 'pagado' && c.boletos > 0) ||
        (c.status === 'refunded' && c.estado === 'reembolsado' && c.boletos === 0) ||
        (c.status === 'failed' && c.estado === 'fallido' && c.boletos === 0)
      ),
  );
  expect(wrong, 'charges neither sold with tickets nor refunded').toEqual([]);
  expect(charges.filter((c) => c.estado === 'pagado')).toHaveLength(run.outcomes.filter((o) => o.expect === 'vendida').length);

  // E-mail: the tickets once per sale, the refund once per refund, to the buyer's address.
  const mails = await queryRows<{ to: string; subject: string; n: number }>(
    db,
    sql`select "to", subject, count(*)::int as n from email_outbox where "to" in (${ids(run.outcomes.map((o) => o.correo))}) group by 1, 2`,
  );
  const got = new Map(mails.map((m) => [`${m.to}|${m.subject}`, m.n]));
  const tickets = `Tus boletos para ${run.evento}`;
  const refund = `Reembolsamos tu pago para ${run.evento}`;
  for (const o of run.outcomes) {
    expect({ correo: o.correo, boletos: got.get(`${o.correo}|${tickets}`) ?? 0, reembolso: got.get(`${o.correo}|${refund}`) ?? 0 }).toEqual({
      correo: o.correo,
      boletos: o.expect === 'vendida' ? 1 : 0,
      // A second tab's charge refunded after the sale is told by e-mail too.
      reembolso: o.expect === 'vendida' ? byId.get(o.reservaId)!.reembolsados : 1,
    });
  }
}
