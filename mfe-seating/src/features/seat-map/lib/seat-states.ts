import { filaLabel, formatMoney } from '@taquilla/shared';
import type { Asiento, EstadoAsiento } from '@taquilla/shared/schemas/catalogo';

/** What a seat shows: its served state, or 'seleccionado' (UI only) once the buyer picked it. */
export type EstadoVisible = EstadoAsiento | 'seleccionado';

/** The eight states of spec §2 in legend order; fill null = the seat's category colour. */
export const ESTADOS_VISIBLES: { estado: EstadoVisible; label: string; fill: string | null }[] = [
  { estado: 'seleccionado', label: 'Seleccionado', fill: '#fdff00' },
  { estado: 'disponible', label: 'Disponible (color de su categoría)', fill: null },
  { estado: 'reservado', label: 'Reservado', fill: '#f97316' },
  { estado: 'ocupado', label: 'Ocupado', fill: '#6b7280' },
  { estado: 'vendido', label: 'Vendido', fill: '#3f3f46' },
  { estado: 'bloqueado', label: 'Bloqueado', fill: '#7f1d1d' },
  { estado: 'cortesia', label: 'Cortesía', fill: '#0d9488' },
  { estado: 'inaccesible', label: 'Inaccesible', fill: '#1f1f1f' },
];

const byEstado = new Map(ESTADOS_VISIBLES.map((e) => [e.estado, e]));

function estadoLabel(estado: EstadoVisible): string {
  return byEstado.get(estado)!.label.replace(/ \(.*\)$/, '');
}

export function seatFill(estado: EstadoVisible, categoryColor: string): string {
  return byEstado.get(estado)?.fill ?? categoryColor;
}

/** Spec §2: no price on sold, courtesy or blocked seats. */
const SIN_PRECIO: ReadonlySet<EstadoVisible> = new Set(['vendido', 'cortesia', 'bloqueado']);

export interface SeatTooltip {
  titulo: string;
  categoria: string;
  estado: string;
  precio: string | null;
  /** The price with fees and IVA (Mexican consumer rules ask to show it before the purchase). */
  precioFinal: string | null;
}

/** The hover/focus tooltip of a seat; an inaccessible seat has none. */
export function seatTooltip(asiento: Asiento, estado: EstadoVisible, allIn?: (asiento: Asiento) => number): SeatTooltip | null {
  if (estado === 'inaccesible') return null;
  const priced = !SIN_PRECIO.has(estado);
  return {
    titulo: `${filaLabel(asiento.fila)}, asiento ${asiento.numero}`,
    categoria: asiento.categoria,
    estado: estadoLabel(estado),
    precio: priced ? formatMoney(asiento.precio) : null,
    precioFinal: priced && allIn ? formatMoney(allIn(asiento)) : null,
  };
}

/** One sentence for the live region when keyboard focus lands on a seat. */
export function seatAnnouncement(asiento: Asiento, estado: EstadoVisible, allIn?: (asiento: Asiento) => number): string {
  const t = seatTooltip(asiento, estado, allIn);
  if (!t) return `${filaLabel(asiento.fila)}, asiento ${asiento.numero}: inaccesible.`;
  const final = t.precioFinal ? `, ${t.precioFinal} con cargos e IVA` : '';
  return `${t.titulo}: ${t.estado.toLocaleLowerCase('es-MX')}, ${t.categoria}${t.precio ? `, ${t.precio}` : ''}${final}.`;
}
