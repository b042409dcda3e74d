/** Settings of the waiting room (decision 0031): the `salaEspera` slice of the one configuration (src/config/). */
export interface SalaEsperaConfig {
  /** Interval of the admission job in every process, in ms (SALA_ESPERA_TICK_MS, default 1000; 0 turns it off). */
  tickMs: number;
  /**
   * How long an admitted buyer's pass lasts without a hold (SALA_ESPERA_PASE_MINUTOS, default 5):
   * unused by then, it expires and its turn goes to the next in line. A hold extends it to the
   * hold's life plus `extraMinutos` so checkout can finish.
   */
  paseMinutos: number;
  /** Minutes a pass outlives the hold that used it, for the payment (SALA_ESPERA_PASE_EXTRA_MINUTOS, default 15). */
  extraMinutos: number;
  /**
   * Places one client address may take in one event's line (SALA_ESPERA_MAX_POR_IP, default 20;
   * 0 turns the cap off). A household or an office shares an address; a carrier's CGNAT shares it
   * much more widely, so this is a brake on one machine opening browsers, not an identity check.
   */
  maxPorIp: number;
  /**
   * ALTCHA proof of work: the solution's counter is drawn from [dificultad/2, dificultad)
   * (SALA_ESPERA_POW_DIFICULTAD, default 50000 SHA-256 rounds: well under a second in a phone's
   * browser, a real cost per place for a script asking for thousands); challenges live
   * SALA_ESPERA_RETO_SEGUNDOS (default 300).
   */
  pow: { dificultad: number; retoSegundos: number };
  /**
   * OPS_TOKEN: the `x-ops-token` the ops calls (open, pause, resume, rate) must carry. Without
   * it, outside production, they are allowed from the loopback address only; in production
   * they are refused.
   */
  opsToken: string | undefined;
  production: boolean;
}
