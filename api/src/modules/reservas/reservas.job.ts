import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { DisponibilidadPublisher } from './disponibilidad.publisher';
import type { HoldConfig } from './reservas.config';
import { expireHolds } from './reservas.service';

/**
 * Every HOLD_SWEEP_SECONDS, marks due holds 'expirada' and tells open maps their places are
 * free. Availability never waits for it (an expired hold reads as free everywhere); it keeps
 * the bookkeeping true and pushes the change live. Safe in every API process at once: each
 * batch takes its rows with SKIP LOCKED. Answers the stop function.
 */
export function startExpiryJob(db: Db, publisher: DisponibilidadPublisher, cfg: HoldConfig, log: FastifyBaseLogger): () => void {
  if (cfg.sweepSeconds <= 0) return () => {};
  let running = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = true;
    expireHolds(db, publisher)
      .then((n) => {
        if (n > 0) log.debug({ expiradas: n }, 'holds expired');
      })
      .catch((err) => {
        if (!stopped) log.warn({ err }, 'expiry job failed; retrying on the next tick');
      })
      .finally(() => {
        running = false;
      });
  }, cfg.sweepSeconds * 1000);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
