import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { SalaEsperaConfig } from './sala-espera.config';
import { olvidarSala } from './sala-espera.cache';
import { activeSalas, tickSala } from './sala-espera.admision';

/** One admission step for every started room (the job's body; tests call it directly). */
export async function admitirTodas(db: Db, cfg: SalaEsperaConfig) {
  const results = [];
  for (const eventoId of await activeSalas(db)) {
    const r = await tickSala(db, eventoId, cfg.paseMinutos);
    olvidarSala(db, eventoId);
    if (r) results.push(r);
  }
  return results;
}

/**
 * Every SALA_ESPERA_TICK_MS, in every API process: each room's step runs under a per-event
 * advisory lock, so with several processes one of them does it and the others skip; the state is
 * all in PostgreSQL. Answers the stop function.
 */
export function startAdmissionJob(db: Db, cfg: SalaEsperaConfig, log: FastifyBaseLogger): () => void {
  if (cfg.tickMs <= 0) return () => {};
  let running = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = true;
    admitirTodas(db, cfg)
      .then((results) => {
        for (const r of results) if (r.admitidos || r.expirados || r.agotados || r.sorteados) log.debug(r, 'sala de espera');
      })
      .catch((err) => {
        if (!stopped) log.warn({ err }, 'waiting-room admission failed; retrying on the next tick');
      })
      .finally(() => {
        running = false;
      });
  }, cfg.tickMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
