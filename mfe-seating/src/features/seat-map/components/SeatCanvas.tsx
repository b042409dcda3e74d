import { useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { EstadoAsiento } from '@taquilla/shared/schemas/catalog';
import { paintSeats } from '../lib/paint';
import { hitTest, type SeatGrid } from '../lib/seat-grid';

export interface SeatCanvasProps {
  grid: SeatGrid;
  estados: readonly EstadoAsiento[];
  selected: ReadonlySet<number>;
  focus: number | null;
  cell: number;
  label: string;
  describedBy: string;
  onSeatClick: (index: number) => void;
  onHover: (index: number | null) => void;
  onKeyDown: (e: KeyboardEvent<HTMLCanvasElement>) => void;
  onFocus: () => void;
  onBlur: () => void;
}

/** One canvas for the whole section; React re-renders it as one element whatever the seat count. */
export function SeatCanvas({ grid, estados, selected, focus, cell, label, describedBy, onSeatClick, onHover, onKeyDown, onFocus, onBlur }: SeatCanvasProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const width = grid.cols * cell;
  const height = grid.rows.length * cell;
  const painted = useRef<SeatGrid | null>(null);

  useLayoutEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(width * dpr)) canvas.width = Math.round(width * dpr);
    if (canvas.height !== Math.round(height * dpr)) canvas.height = Math.round(height * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    paintSeats(ctx, { grid, estados, selected, focus, cell });
    if (painted.current !== grid) {
      painted.current = grid;
      // User Timing mark for real-user monitoring (and bench:seatmap): these seats are on screen.
      requestAnimationFrame(() => performance.mark('taquilla:seat-map-painted'));
    }
  }, [grid, estados, selected, focus, cell, width, height]);

  const seatUnder = (e: MouseEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return hitTest(grid, e.clientX - r.left, e.clientY - r.top, cell);
  };

  return (
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
      onMouseMove={(e) => onHover(seatUnder(e))}
      onMouseLeave={() => onHover(null)}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onBlur={onBlur}
    />
  );
}
