/**
 * The seat map's two views on a touch screen: the whole section fitted to the screen's width
 * (an overview, seats as small as it takes), and zoomed in to pick, where a seat is a
 * PICK_CELL target (WCAG 2.2 asks 24 px; 44 px is a comfortable thumb). Pure, so the sizes
 * and the scroll that keeps the tapped seat under the thumb are tested on their own.
 */

/** WCAG 2.2 (2.5.8) minimum target: a tap picks a seat only at this size or larger. */
export const MIN_TARGET = 24;
/** A seat's size zoomed in to pick. */
export const PICK_CELL = 44;
/** Below this an overview stops shrinking and scrolls instead (a 300-seat row would vanish). */
const MIN_FIT = 3;

/**
 * The cell (CSS px) that shows a row of `cols` seats across `available` px, never larger than
 * `base` (the size the map would use anyway).
 */
export function fitCell(available: number, cols: number, base: number): number {
  if (cols <= 0 || available <= 0) return base;
  const fit = Math.floor((available / cols) * 4) / 4;
  return Math.min(base, Math.max(MIN_FIT, fit));
}

export interface ZoomAnchor {
  /** Seat cell (column, row) to keep in view, in the grid's coordinates (fractions allowed). */
  col: number;
  row: number;
}

/**
 * Scroll offsets that put `anchor` at the centre of a `viewport` when seats are `cell` px and
 * the canvas starts `left` px into the scrolled content (the row names before it).
 */
export function scrollToAnchor(anchor: ZoomAnchor, cell: number, left: number, viewport: { width: number; height: number }): { left: number; top: number } {
  return {
    left: Math.max(0, left + (anchor.col + 0.5) * cell - viewport.width / 2),
    top: Math.max(0, (anchor.row + 0.5) * cell - viewport.height / 2),
  };
}

/**
 * Device pixels per CSS pixel for a canvas of `width` × `height` CSS px: the screen's, unless
 * that would pass `maxPixels` (a zoomed 5,000-seat section on a 3× phone would be ~90 million
 * pixels, more than a phone's browser gives one canvas).
 */
export function canvasScale(width: number, height: number, devicePixelRatio: number, maxPixels = 16_000_000): number {
  const area = width * height;
  if (area <= 0) return devicePixelRatio;
  return Math.max(0.5, Math.min(devicePixelRatio, Math.sqrt(maxPixels / area)));
}
