import type { AsientoReservado } from '@taquilla/shared/schemas/reservas';

/** Seats in layout order as runs of one row: 'Fila A: 4 a 7', 'Fila C: 9'. */
export function describeGroups(asientos: Pick<AsientoReservado, 'fila' | 'numero'>[]): string[] {
  const runs: { fila: string; from: number; to: number }[] = [];
  for (const a of asientos) {
    const last = runs.at(-1);
    if (last && last.fila === a.fila && last.to === a.numero - 1) last.to = a.numero;
    else runs.push({ fila: a.fila, from: a.numero, to: a.numero });
  }
  return runs.map((r) => (r.from === r.to ? `Fila ${r.fila}: asiento ${r.from}` : `Fila ${r.fila}: asientos ${r.from} a ${r.to}`));
}
