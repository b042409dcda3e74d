import type { PagosDiferidosConfig } from '../pagos/pagos.config';
import type { VentaEventoRow } from './ventas.repository';

/** Deadlines of cash ('efectivo') and SPEI references (decision 0033). */
export type MetodoDiferido = 'efectivo' | 'spei';

/**
 * Until when a reference made `now` is payable: the event's own time for the method (or the
 * configured default), never later than `cierreMinutos` before the event. Null when that
 * cut-off leaves less than `minimoMinutos` (the method is then not offered).
 */
export function venceReferencia(
  evento: Pick<VentaEventoRow, 'fecha' | 'plazoEfectivoMinutos' | 'plazoSpeiMinutos'>,
  metodo: MetodoDiferido,
  cfg: PagosDiferidosConfig,
  now = new Date(),
): Date | null {
  const minutos = metodo === 'efectivo' ? (evento.plazoEfectivoMinutos ?? cfg.efectivoMinutos) : (evento.plazoSpeiMinutos ?? cfg.speiMinutos);
  const pedido = now.getTime() + minutos * 60_000;
  const tope = evento.fecha.getTime() - cfg.cierreMinutos * 60_000;
  if (tope < pedido && tope - now.getTime() < Math.max(cfg.minimoMinutos * 60_000, 60_000)) return null;
  // Whole seconds: the same instant in the database, at the gateway and in the e-mail.
  return new Date(Math.floor(Math.min(pedido, tope) / 1000) * 1000);
}

export function diferidosDisponibles(evento: VentaEventoRow, cfg: PagosDiferidosConfig, now = new Date()): { efectivo: string | null; spei: string | null } {
  return {
    efectivo: venceReferencia(evento, 'efectivo', cfg, now)?.toISOString() ?? null,
    spei: venceReferencia(evento, 'spei', cfg, now)?.toISOString() ?? null,
  };
}
