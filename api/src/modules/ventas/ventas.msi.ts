import type { PlanMsi } from '@taquilla/shared/schemas/pagos';
import { DomainError } from '../../lib/errors';
import type { VentaEventoRow } from './ventas.repository';

/**
 * Meses sin intereses (decision 0033): the organiser's plans per event (eventos.planes_msi), each
 * with a minimum total. Whether the buyer's card takes part is the gateway's to say: it refuses
 * a plan the card's bank does not offer (3006), and a debit card takes none.
 */

/** The plans of the event this total reaches, each with its monthly amount (rounded up) and the same total. */
export function planesMsiPara(evento: Pick<VentaEventoRow, 'planesMsi'>, total: number): PlanMsi[] {
  return evento.planesMsi
    .filter((p) => [3, 6, 9, 12].includes(p.meses) && total >= p.minimo && total > 0)
    .sort((a, b) => a.meses - b.meses)
    .map((p) => ({ meses: p.meses as PlanMsi['meses'], mensualidad: Math.ceil(total / p.meses), total }));
}

/** The plan asked for, if the event offers it for this total; else the Spanish refusal. */
export function planMsiElegido(evento: Pick<VentaEventoRow, 'planesMsi'>, total: number, meses: number | null | undefined): number | null {
  if (!meses) return null;
  if (!planesMsiPara(evento, total).some((p) => p.meses === meses)) throw new DomainError('MSI_NO_DISPONIBLE');
  return meses;
}
