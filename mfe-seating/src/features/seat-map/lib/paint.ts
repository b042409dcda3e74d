import type { EstadoAsiento } from '@taquilla/shared/schemas/catalogo';
import type { SeatGrid } from './seat-grid';
import { seatFill } from './seat-states';

export interface PaintInput {
  grid: SeatGrid;
  estados: readonly EstadoAsiento[];
  selected: ReadonlySet<number>;
  /** CSS px per seat cell. */
  cell: number;
}

/**
 * Draws seats on the section's one canvas. Every mark of a seat stays inside its own cell, so
 * a seat can be repainted alone: a click repaints the one or few seats it changed (`seats`),
 * not 5,000. A full paint batches seats into one path per fill colour. Unavailable states
 * differ in shape, not only colour: sold/occupied seats are crossed, inaccessible ones hollow.
 */
export function paintSeats(ctx: CanvasRenderingContext2D, { grid, estados, selected, cell }: PaintInput, seats?: Iterable<number>): void {
  const { asientos, rowOf, colOf } = grid;
  const r = cell * 0.38;
  const fills = new Map<string, Path2D>();
  const hollow = new Path2D();
  const crosses = new Path2D();
  const draw = (i: number) => {
    const x = (colOf[i]! + 0.5) * cell;
    const y = (rowOf[i]! + 0.5) * cell;
    const estado = selected.has(i) ? 'seleccionado' : estados[i]!;
    if (estado === 'inaccesible') {
      hollow.moveTo(x + r * 0.8, y);
      hollow.arc(x, y, r * 0.8, 0, Math.PI * 2);
      return;
    }
    const fill = seatFill(estado, asientos[i]!.color);
    let path = fills.get(fill);
    if (!path) fills.set(fill, (path = new Path2D()));
    path.moveTo(x + r, y);
    path.arc(x, y, r, 0, Math.PI * 2);
    if (estado === 'vendido' || estado === 'ocupado') {
      const k = r * 0.55;
      crosses.moveTo(x - k, y - k);
      crosses.lineTo(x + k, y + k);
      crosses.moveTo(x + k, y - k);
      crosses.lineTo(x - k, y + k);
    }
  };
  if (seats) {
    for (const i of seats) {
      ctx.clearRect(colOf[i]! * cell, rowOf[i]! * cell, cell, cell);
      draw(i);
    }
  } else {
    ctx.clearRect(0, 0, grid.cols * cell, grid.rows.length * cell);
    for (let i = 0; i < asientos.length; i++) draw(i);
  }
  for (const [fill, path] of fills) {
    ctx.fillStyle = fill;
    ctx.fill(path);
  }
  ctx.lineWidth = Math.max(1, cell / 14);
  ctx.strokeStyle = '#a3a3a3';
  ctx.stroke(hollow);
  ctx.strokeStyle = '#d4d4d4';
  ctx.stroke(crosses);
}

/** Seats whose look differs between two states of the page (what an incremental paint redraws). */
export function changedSeats(
  before: { estados: readonly EstadoAsiento[]; selected: ReadonlySet<number> },
  after: { estados: readonly EstadoAsiento[]; selected: ReadonlySet<number> },
): Set<number> {
  const dirty = new Set<number>();
  if (before.estados !== after.estados) {
    for (let i = 0; i < after.estados.length; i++) if (before.estados[i] !== after.estados[i]) dirty.add(i);
  }
  if (before.selected !== after.selected) {
    for (const i of before.selected) if (!after.selected.has(i)) dirty.add(i);
    for (const i of after.selected) if (!before.selected.has(i)) dirty.add(i);
  }
  return dirty;
}
