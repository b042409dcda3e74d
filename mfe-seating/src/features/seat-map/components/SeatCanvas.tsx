import { useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import type { EstadoAsiento } from '@taquilla/shared/schemas/catalogo';
import { changedSeats, paintSeats } from '../lib/paint';
import { hitTest, type SeatGrid } from '../lib/seat-grid';
import { canvasScale } from '../lib/seat-zoom';

export interface SeatCanvasProps {
  grid: SeatGrid;
  estados: readonly EstadoAsiento[];
  selected: ReadonlySet<number>;
  cell: number;
  label: string;
  describedBy: string;
  onSeatClick: (index: number) => void;
  onHover: (index: number | null) => void;
  onKeyDown: (e: KeyboardEvent<HTMLCanvasElement>) => void;
  onFocus: () => void;
  onBlur: () => void;
  onPointerDown: (e: PointerEvent<HTMLCanvasElement>) => void;
  onPointerCancel: () => void;
}

/**
 * One canvas for the whole section; React re-renders it as one element whatever the seat count.
 * The keyboard focus ring is a DOM overlay (SeatMap), so moving focus repaints nothing here.
 */
export function SeatCanvas({
  grid,
  estados,
  selected,
  cell,
  label,
  describedBy,
  onSeatClick,
  onHover,
  onKeyDown,
  onFocus,
  onBlur,
  onPointerDown,
  onPointerCancel,
}: SeatCanvasProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const width = grid.cols * cell;
  const height = grid.rows.length * cell;
  const painted = useRef<{ grid: SeatGrid; estados: readonly EstadoAsiento[]; selected: ReadonlySet<number>; cell: number } | null>(null);

  useLayoutEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const before = painted.current;
    const now = { grid, estados, selected, cell };
    painted.current = now;
    if (before && before.grid === grid && before.cell === cell) {
      // Same seats: redraw only those whose look changed (a click: one seat, or one table).
      paintSeats(ctx, now, changedSeats(before, now));
      return;
    }
    const dpr = canvasScale(width, height, window.devicePixelRatio || 1);
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    paintSeats(ctx, now);
    // User Timing mark for real-user monitoring (and bench:seatmap): these seats are on screen.
    requestAnimationFrame(() => performance.mark('taquilla:seat-map-painted'));
  }, [grid, estados, selected, cell, width, height]);

  const seatUnder = (e: MouseEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return hitTest(grid, e.clientX - r.left, e.clientY - r.top, cell);
  };

  return (
    // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: a canvas is not interactive by itself; this one is a keyboard-operable grid of seats
    <canvas
      ref={ref}
      className="seat-canvas"
      style={{ width, height }}
      tabIndex={0}
      role="application"
      aria-roledescription="mapa de asientos"
      aria-label={label}
      aria-describedby={describedBy}
      onClick={(e) => {
        const i = seatUnder(e);
        if (i !== null) onSeatClick(i);
      }}
      // Hover is a mouse's: a tap's emulated mouse events would leave a tooltip behind, over the rows.
      onPointerMove={(e) => {
        if (e.pointerType === 'mouse') onHover(seatUnder(e));
      }}
      onPointerLeave={() => onHover(null)}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onBlur={onBlur}
      onPointerDown={onPointerDown}
      onPointerCancel={onPointerCancel}
    />
  );
}
