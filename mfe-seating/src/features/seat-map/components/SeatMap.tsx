import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { bus } from '@taquilla/shared';
import type { Asiento, EstadoAsiento } from '@taquilla/shared/schemas/catalogo';
import { KEY_MOVES, moveFocus, type SeatGrid } from '../lib/seat-grid';
import { seatAnnouncement, seatTooltip, type EstadoVisible } from '../lib/seat-states';
import { fitCell, MIN_TARGET, PICK_CELL, scrollToAnchor, type ZoomAnchor } from '../lib/seat-zoom';
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
 * With a mouse, large sections get smaller cells so more of them fits before scrolling. On a
 * touch screen the section first fits the screen's width (lib/seat-zoom), and a tap on seats
 * smaller than a 24 px target zooms in to 44 px seats instead of picking one.
 */
const coarsePointer = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
const cellFor = (cols: number, coarse: boolean) => (cols > 40 && !coarse ? 14 : 24);
/** Half a tooltip's width: keeps it inside the canvas at the row ends. */
const TIP_HALF = 80;

/**
 * Canvas, row names on both sides, seat tooltip and keyboard use: the canvas is one tab stop;
 * arrows move a focus ring over the grid, Enter/Space toggle, and a live region reads out the
 * focused seat (the canvas itself has no per-seat accessibility tree).
 */
export function SeatMap({ grid, estados, selected, seccionNombre, toggle, allIn }: SeatMapProps) {
  const [coarse] = useState(coarsePointer);
  const base = cellFor(grid.cols, coarse);
  /** Width (CSS px) the seats have beside the row names: the fitted view's measure. */
  const [room, setRoom] = useState<number | null>(null);
  const [zoomed, setZoomed] = useState(false);
  /** The seat a zoom keeps in view (the tapped one), applied once the new size is laid out. */
  const anchor = useRef<ZoomAnchor | null>(null);
  /** The map is wider or taller than its box: say so, the scrollbar alone is easy to miss. */
  const [scrolls, setScrolls] = useState(false);
  const fitted = coarse && room !== null ? fitCell(room, grid.cols, base) : base;
  const cell = zoomed ? Math.max(PICK_CELL, fitted) : fitted;
  /** On touch, seats too small to tap one by one: a tap zooms in instead of picking. */
  const tapZooms = coarse && !zoomed && fitted < MIN_TARGET;
  const canZoom = coarse && fitted < PICK_CELL;
  const [focus, setFocus] = useState<number | null>(null);
  /** The keyboard's focus ring (and its tooltip) shows, as :focus-visible would: not after a click. */
  const [focused, setFocused] = useState(false);
  /** Set by a pointer press that is about to focus the canvas. */
  const focusByPointer = useRef(false);
  const [hover, setHover] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const scrollerRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const canvasBoxRef = useRef<HTMLDivElement>(null);
  const liveId = useId();
  const hintId = useId();

  // The room for the seats: the scroller's inner width less the row names on both sides.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const gridEl = gridRef.current;
    const canvasBox = canvasBoxRef.current;
    if (!scroller || !gridEl || !canvasBox || typeof ResizeObserver !== 'function') return;
    const measure = () => {
      const style = getComputedStyle(scroller);
      const inner = scroller.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const labels = gridEl.offsetWidth - canvasBox.offsetWidth;
      if (coarse) setRoom(Math.max(0, inner - labels));
      setScrolls(scroller.scrollWidth > scroller.clientWidth + 1 || scroller.scrollHeight > scroller.clientHeight + 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    observer.observe(gridEl);
    return () => observer.disconnect();
  }, [coarse]);

  // After a zoom, the seat it was asked for sits in the middle of the map's box.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const at = anchor.current;
    const canvasBox = canvasBoxRef.current;
    if (!scroller || !at || !canvasBox) return;
    anchor.current = null;
    const to = scrollToAnchor(at, cell, canvasBox.offsetLeft, { width: scroller.clientWidth, height: scroller.clientHeight });
    scroller.scrollLeft = to.left;
    scroller.scrollTop = to.top;
  }, [cell]);

  /** Zooms in (keeping seat `i`, or the middle of what shows, in view) or back out to the whole section. */
  const zoomTo = (inward: boolean, i?: number) => {
    const scroller = scrollerRef.current;
    const canvasBox = canvasBoxRef.current;
    if (i !== undefined) anchor.current = { col: grid.colOf[i]!, row: grid.rowOf[i]! };
    else if (inward && scroller && canvasBox) {
      anchor.current = {
        col: (scroller.scrollLeft + scroller.clientWidth / 2 - canvasBox.offsetLeft) / cell - 0.5,
        row: (scroller.scrollTop + scroller.clientHeight / 2) / cell - 0.5,
      };
    }
    setHover(null);
    setZoomed(inward);
  };

  useEffect(() => {
    if (!canZoom) setZoomed(false);
  }, [canZoom]);

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
      <div className="seat-map__tools">
        <p id={hintId} className="seat-map__hint">
          {tapZooms
            ? 'Toca la sección para acercarla y elegir tus asientos.'
            : scrolls
              ? coarse
                ? 'Desliza el mapa para ver el resto de la sección.'
                : 'Desplaza el mapa para ver el resto de la sección.'
              : ''}
        </p>
        {canZoom && (
          <button type="button" className="seat-map__zoom-btn" onClick={() => zoomTo(!zoomed)}>
            {zoomed ? 'Ver toda la sección' : 'Acercar'}
          </button>
        )}
      </div>
      <div ref={scrollerRef} className="seat-map__scroller">
        <div ref={gridRef} className="seat-map__grid">
          {rowLabels.left}
          <div ref={canvasBoxRef} className="seat-map__canvas">
            <SeatCanvas
              grid={grid}
              estados={estados}
              selected={selected}
              cell={cell}
              label={`Asientos de ${seccionNombre}. Usa las flechas para recorrerlos y Enter o Espacio para elegir.`}
              describedBy={`${hintId} ${liveId}`}
              onSeatClick={(i) => (tapZooms ? zoomTo(true, i) : choose(i))}
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
