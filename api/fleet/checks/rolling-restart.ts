import { backInRotation } from '../fleet-setup';
import { call, type CheckRun, must, REPLICAS, sectionWithSeats } from '../harness';

/** A rolling restart (SIGTERM one replica at a time) drops no request. */
export const rollingRestartDropsNothing: CheckRun = async ({ fleet, figure }) => {
  const { lb } = fleet;
  const { eventoId } = await sectionWithSeats(fleet, 10);
  let stop = false;
  let ok = 0;
  const failures: string[] = [];
  // What buyers ask for (not /readyz: a draining replica's 503 there is the signal, not a loss).
  const paths = ['/api/v1/eventos/get_all?tipoDispositivo=web', `/api/v1/eventos/${eventoId}/detalle`, '/eventos', '/remotes/remotes.json', '/livez'];
  const worker = async (w: number) => {
    for (let i = w; !stop; i += 1) {
      const p = paths[i % paths.length]!;
      try {
        const res = await call(lb, { path: p, headers: p === '/eventos' ? { accept: 'text/html' } : {} });
        if (res.status === 200) ok += 1;
        else failures.push(`${p} → ${res.status}`);
      } catch (err) {
        failures.push(`${p} → ${(err as Error).message}`);
      }
    }
  };
  const load = Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
  for (const r of fleet.replicas) {
    await fleet.stopReplica(r, 'SIGTERM');
    await fleet.startReplica(r);
    await backInRotation();
  }
  stop = true;
  await load;
  figure('Peticiones perdidas en un reinicio escalonado', `${failures.length} de ${ok + failures.length}`);
  must(failures.length === 0, `${failures.length} fallidas: ${failures.slice(0, 5).join('; ')}`);
  return `${ok} peticiones durante el reinicio de las ${REPLICAS} réplicas, 0 fallidas`;
};
