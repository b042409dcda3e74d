import type { EstadoAsiento } from '@taquilla/shared/schemas/catalog';
import type { SeatGrid } from './seat-grid';
import { seatFill } from './seat-states';

export interface PaintInput {
  grid: SeatGrid;
  estados: readonly EstadoAsiento[];
  selected: ReadonlySet<number>;
  /** Seat with keyboard focus (ring drawn), or null. */
  focus: number | null;
  /** CSS px per seat cell. */
  cell: number;
}

/**
 * Draws every seat of the section on one canvas. Seats are batched into one path per fill
 * colour (a handful of fills for 5,000 seats), which keeps a full repaint to a few
 * milliseconds, so a click simply repaints everything. Unavailable states also differ in
 * shape, not only colour: sold/occupied seats are crossed, inaccessible ones are hollow.
 */
export function paintSeats(ctx: CanvasRenderingContext2D, { grid, estados, selected, focus, cell }: PaintInput): void {
  const { asientos, rowOf, colOf } = grid;
  const r = cell * 0.38;
  const fills = new Map<string, Path2D>();
  const hollow = new Path2D();
  const crosses = new Path2D();
  for (let i = 0; i < asientos.length; i++) {
    const x = (colOf[i]! + 0.5) * cell;
    const y = (rowOf[i]! + 0.5) * cell;
    const estado = selected.has(i) ? 'seleccionado' : estados[i]!;
    if (estado === 'inaccesible') {
      hollow.moveTo(x + r, y);
      hollow.arc(x, y, r * 0.8, 0, Math.PI * 2);
      continue;
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
  if (focus !== null && focus < asientos.length) {
    ctx.lineWidth = 2;
    ctx.strokeStyle = '#ffffff';
    ctx.beginPath();
    ctx.arc((colOf[focus]! + 0.5) * cell, (rowOf[focus]! + 0.5) * cell, r + 2.5, 0, Math.PI * 2);
    ctx.stroke();
  }
}
