import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/rows';
import { CARDS, cardToken } from '../../test/support/http-sale';
import { type Fleet, sleep } from '../fleet-setup';
import { call, type CheckRun, clientAddress, must, sectionWithSeats, withRetries } from '../harness';

interface Outcome {
  reservaId: string;
  seats: number[];
  confirmed: boolean;
}

/** One buyer: hold 1–2 seats, pay with the approved card, through the balancer, retrying on 5xx or a dropped connection. */
async function buyer(fleet: Fleet, eventoId: number, seats: number[]): Promise<Outcome | null> {
  const { lb } = fleet;
  const localAddress = clientAddress();
  const correo = `flota.${randomUUID().slice(0, 10)}@ejemplo.mx`;
  const held = await withRetries(() =>
    call<{ reservaId?: string }>(lb, {
      path: `/api/v1/eventos/${eventoId}/reservarInvitado`,
      body: { asientosReserva: seats.map((id) => ({ id })), nombre: 'Ana Flota', correo },
      localAddress,
    }),
  );
  if (held.status !== 201) return null; // taken by another buyer: a correct answer
  const reservaId = held.body.reservaId!;
  const resumen = await withRetries(() => call<{ total: number }>(lb, { path: `/api/v1/eventos/${eventoId}/reservas/${reservaId}/resumen`, localAddress }));
  must(resumen.status === 200, `resumen ${resumen.status}`);
  const token = await cardToken(fleet.sandboxUrl, CARDS.APPROVED).catch(async () => {
    await sleep(300);
    return cardToken(fleet.sandboxUrl, CARDS.APPROVED);
  });
  const paid = await withRetries(() =>
    call<{ cargo?: { pagado: boolean } }>(lb, {
      path: '/api/v1/pagos/make/cargo_invitado',
      body: { reservaId, esGeneral: false, tipoDispositivo: 'web', source_id: token, device_session_id: 'flota', amount: resumen.body.total },
      localAddress,
    }),
  );
  return { reservaId, seats, confirmed: paid.status === 200 && paid.body.cargo?.pagado === true };
}

/** `kill -9` of one replica during a storm of holds and sales: no confirmed sale lost, nothing sold twice, buyers carry on. */
export const killDuringStorm: CheckRun = async ({ fleet, figure }) => {
  const { database } = fleet;
  const { eventoId, seats } = await sectionWithSeats(fleet, 150);
  const victim = fleet.replicas[1]!;
  const outcomes: (Outcome | null)[] = [];
  const errors: string[] = [];
  let next = 0;
  // 120 purchases from 24 buyers at a time; every 10th wants a seat someone else wants too.
  const jobs = Array.from({ length: 120 }, (_, i) => (i % 10 === 9 ? [seats[i - 1]!] : [seats[i]!]));
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      try {
        outcomes.push(await buyer(fleet, eventoId, job));
      } catch (err) {
        errors.push(err instanceof Error ? err.message : String(err));
      }
    }
  };
  const storm = Promise.all(Array.from({ length: 24 }, worker));
  await sleep(1_500);
  const killedAt = next;
  await fleet.stopReplica(victim, 'SIGKILL');
  await storm;
  await fleet.startReplica(victim);

  const confirmed = outcomes.filter((o): o is Outcome => o?.confirmed === true);
  const rows = await queryRows<{ id: string; estado: string; boletos: number; cantidad: number }>(
    database.db,
    sql`select r.id::text, r.estado, r.cantidad, (select count(*)::int from boletos b where b.reserva_id = r.id) as boletos
          from reservas r where r.id in (${sql.join(
            confirmed.map((o) => sql`${o.reservaId}`),
            sql`, `,
          )})`,
  );
  const lost = rows.filter((r) => r.estado !== 'vendida' || r.boletos !== r.cantidad).length + (confirmed.length - rows.length);
  const twice = await queryRows(
    database.db,
    sql`select evento_asiento_id from boletos where evento_id = ${eventoId} and evento_asiento_id is not null group by 1 having count(*) > 1`,
  );
  const unbacked = await queryRows(
    database.db,
    sql`select ea.id from evento_asientos ea left join boletos b on b.evento_asiento_id = ea.id where ea.evento_id = ${eventoId} and ea.estado = 'vendido' group by ea.id having count(b.id) <> 1`,
  );
  figure('Ventas confirmadas perdidas tras `kill -9`', `${lost} de ${confirmed.length}`);
  must(errors.length === 0, `${errors.length} compradores no pudieron seguir: ${errors.slice(0, 3).join('; ')}`);
  must(lost === 0, `${lost} ventas confirmadas no quedaron vendidas con sus boletos`);
  must(twice.length === 0 && unbacked.length === 0, `asientos vendidos dos veces: ${twice.length}; vendidos sin boleto: ${unbacked.length}`);
  must(confirmed.length >= 60, `solo ${confirmed.length} ventas confirmadas: la tormenta no probó nada`);
  return `${confirmed.length} ventas confirmadas (kill -9 tras ${killedAt} compras iniciadas), 0 perdidas, 0 vendidas dos veces`;
};
