import { randomInt, randomUUID } from 'node:crypto';
import { call, type CheckRun, clientAddress, must, sectionWithSeats } from '../harness';

async function holdsPerSecond(
  base: string,
  eventoId: number,
  seats: number[],
  seconds: number,
): Promise<{ answered: number; held: number; statuses: Record<number, number> }> {
  const until = Date.now() + seconds * 1000;
  let answered = 0;
  let held = 0;
  const statuses: Record<number, number> = {};
  const worker = async () => {
    while (Date.now() < until) {
      const seat = seats[randomInt(0, seats.length)]!;
      try {
        const res = await call(base, {
          path: `/api/v1/eventos/${eventoId}/reservarInvitado`,
          body: { asientosReserva: [{ id: seat }], nombre: 'Ana Carga', correo: `carga.${randomUUID().slice(0, 10)}@ejemplo.mx` },
          localAddress: clientAddress(),
        });
        answered += 1;
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status === 201) held += 1;
      } catch {
        // counted as not answered
      }
    }
  };
  await Promise.all(Array.from({ length: 48 }, worker));
  return { answered: answered / seconds, held: held / seconds, statuses };
}

/** Holds per second through the three replicas (the balancer) against one, on the same database: a figure. */
export const throughput: CheckRun = async ({ fleet, figure }) => {
  const busy = await sectionWithSeats(fleet, 1_000);
  const half = Math.floor(busy.seats.length / 2);
  const one = await holdsPerSecond(fleet.replicas[0]!.base, busy.eventoId, busy.seats.slice(0, half), 4);
  const three = await holdsPerSecond(fleet.lb, busy.eventoId, busy.seats.slice(half), 4);
  const ratio = three.answered / one.answered;
  figure(
    'Reservas/s: 3 réplicas (balanceador) vs 1',
    `${three.answered.toFixed(0)} vs ${one.answered.toFixed(0)} respuestas/s (${ratio.toFixed(2)}×; 201/s: ${three.held.toFixed(0)} vs ${one.held.toFixed(0)}) — 2 núcleos: las réplicas comparten la CPU`,
  );
  must(three.held > 0 && one.held > 0, `ninguna reserva lograda: ${JSON.stringify({ tres: three.statuses, una: one.statuses })}`);
  return `${ratio.toFixed(2)}× (${JSON.stringify({ tres: three.statuses, una: one.statuses })})`;
};
