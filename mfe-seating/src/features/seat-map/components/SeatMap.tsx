import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { bus } from '@taquilla/shared';
import type { Asiento, EstadoAsiento } from '@taquilla/shared/schemas/catalog';
import { KEY_MOVES, moveFocus, type SeatGrid } from '../lib/seat-grid';
import { seatAnnouncement, seatTooltip, type EstadoVisible } from '../lib/seat-states';
import { SeatCanvas } from './SeatCanvas';

export interface SeatMapProps {
  grid: SeatGrid;
  estados: readonly EstadoAsiento[];
  selected: ReadonlySet<number>;
  seccionNombre: string;
  /** Toggles a seat; returns why nothing changed, or null. */
  toggle: (index: number) => string | null;
  /** A seat's price with fees and IVA, shown beside its base price. */
  allIn?: (asiento: Asiento) => number;
}

/**
 * Large sections get smaller cells so more of them fits before scrolling, except on touch
 * screens, where a seat stays a 24 px target and the section scrolls instead.
 */
const coarsePointer = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
const cellFor = (cols: number) => (cols > 40 && !coarsePointer() ? 14 : 24);
/** Half a tooltip's width: keeps it inside the canvas at the row ends. */
const TIP_HALF = 80;

/**
 * Canvas, row names on both sides, seat tooltip and keyboard use: the canvas is one tab stop;
 * arrows move a focus ring over the grid, Enter/Space toggle, and a live region reads out the
 * focused seat (the canvas itself has no per-seat accessibility tree).
 */
export function SeatMap({ grid, estados, selected, seccionNombre, toggle, allIn }: SeatMapProps) {
  const cell = cellFor(grid.cols);
  const [focus, setFocus] = useState<number | null>(null);
  /** The keyboard's focus ring (and its tooltip) shows, as :focus-visible would: not after a click. */
  const [focused, setFocused] = useState(false);
  /** Set by a pointer press that is about to focus the canvas. */
  const focusByPointer = useRef(false);
  const [hover, setHover] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const scrollerRef = useRef<HTMLDivElement>(null);
  const liveId = useId();

  const estadoOf = (i: number): EstadoVisible => (selected.has(i) ? 'seleccionado' : estados[i]!);
  const announce = (i: number, estado: EstadoVisible = estadoOf(i)) => setAnnouncement(seatAnnouncement(grid.asientos[i]!, estado, allIn));

  const choose = (i: number) => {
    const error = toggle(i);
    setFocus(i);
    if (error) {
      setAnnouncement(error);
      bus.emit('ui:toast', { kind: 'warning', message: error });
    } else if (estados[i] === 'disponible' || selected.has(i)) {
      announce(i, selected.has(i) ? 'disponible' : 'seleccionado');
    } else {
      announce(i);
    }
  };

  const keepInView = (i: number) => {
    const el = scrollerRef.current;
    if (!el) return;
    const x = (grid.colOf[i]! + 0.5) * cell + 40;
    const y = (grid.rowOf[i]! + 0.5) * cell;
    if (x < el.scrollLeft + cell || x > el.scrollLeft + el.clientWidth - cell) el.scrollLeft = x - el.clientWidth / 2;
    if (y < el.scrollTop + cell || y > el.scrollTop + el.clientHeight - cell) el.scrollTop = y - el.clientHeight / 2;
  };

  /** The seat the keyboard starts from: the last one focused or clicked, else the first free one. */
  const startSeat = () => focus ?? Math.max(0, estados.indexOf('disponible'));

  const onKeyDown = (e: KeyboardEvent<HTMLCanvasElement>) => {
    if (grid.asientos.length === 0) return;
    if (!focused) setFocused(true);
    const current = startSeat();
    const move = KEY_MOVES[e.key];
    if (move) {
      e.preventDefault();
      const next = moveFocus(grid, current, move);
      setFocus(next);
      announce(next);
      keepInView(next);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      choose(current);
    }
  };

  const onFocus = () => {
    // A click focuses the canvas and picks its own seat (choose), so there is nothing to show
    // or read out yet; the ring appears with the first key.
    if (focusByPointer.current) {
      focusByPointer.current = false;
      return;
    }
    setFocused(true);
    if (grid.asientos.length === 0) return;
    const start = startSeat();
    setFocus(start);
    announce(start);
  };

  const tipIndex = hover ?? (focused ? focus : null);
  const tip = tipIndex !== null ? seatTooltip(grid.asientos[tipIndex]!, estadoOf(tipIndex), allIn) : null;
  const rowLabels = useMemo(() => {
    const labels = (side: 'left' | 'right') => (
      <ol className={`seat-rows seat-rows--${side}`} aria-hidden="true">
        {grid.rows.map((r) => (
          <li key={r.fila.id} style={{ height: cell, lineHeight: `${cell}px` }}>
            {r.fila.nombre}
          </li>
        ))}
      </ol>
    );
    return { left: labels('left'), right: labels('right') };
  }, [grid, cell]);

  return (
    <div className="seat-map">
      <div ref={scrollerRef} className="seat-map__scroller">
        <div className="seat-map__grid">
          {rowLabels.left}
          <div className="seat-map__canvas">
            <SeatCanvas
              grid={grid}
              estados={estados}
              selected={selected}
              cell={cell}
              label={`Asientos de ${seccionNombre}. Usa las flechas para recorrerlos y Enter o Espacio para elegir.`}
              describedBy={liveId}
              onSeatClick={choose}
              onHover={setHover}
              onKeyDown={onKeyDown}
              onFocus={onFocus}
              onPointerDown={(e) => {
                if (document.activeElement !== e.currentTarget) focusByPointer.current = true;
              }}
              // A touch that turns into a scroll does not focus: the next focus may be the keyboard's.
              onPointerCancel={() => {
                focusByPointer.current = false;
              }}
              onBlur={() => setFocused(false)}
            />
            {focused && focus !== null && (
              <span
                className="seat-focus"
                aria-hidden="true"
                style={{ left: grid.colOf[focus]! * cell, top: grid.rowOf[focus]! * cell, width: cell, height: cell }}
              />
            )}
            {tip && tipIndex !== null && (
              <div
                role="tooltip"
                // The first rows have no room above them inside the scroller: show it below.
                className={`seat-tooltip${grid.rowOf[tipIndex]! < 3 ? ' seat-tooltip--below' : ''}`}
                style={{
                  left: Math.min(Math.max((grid.colOf[tipIndex]! + 0.5) * cell, TIP_HALF), Math.max(TIP_HALF, grid.cols * cell - TIP_HALF)),
                  top: (grid.rowOf[tipIndex]! + (grid.rowOf[tipIndex]! < 3 ? 1 : 0)) * cell,
                }}
              >
                <strong>{tip.titulo}</strong>
                <span>{tip.categoria}</span>
                {tip.precio && <span>{tip.precio}</span>}
                {tip.precioFinal && <span className="seat-tooltip__final">Precio final {tip.precioFinal} (cargos e IVA incluidos)</span>}
                <span className="seat-tooltip__estado">{tip.estado}</span>
              </div>
            )}
          </div>
          {rowLabels.right}
        </div>
      </div>
      <p id={liveId} className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
