/**
 * Pan and zoom of the venue map as a CSS transform `translate(x, y) scale(scale)` applied to
 * the map inside a viewport of `width` × `height` (CSS px, origin top-left). Pure, so mouse,
 * wheel, pinch and the zoom buttons share one set of rules.
 */
export interface View {
  scale: number;
  x: number;
  y: number;
}

export interface Viewport {
  width: number;
  height: number;
}

const MIN_SCALE = 1;
export const MAX_SCALE = 6;
export const IDENTITY: View = { scale: 1, x: 0, y: 0 };

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Keeps the map covering the viewport: no blank gap can be dragged into view. */
export function clampView(view: View, vp: Viewport): View {
  const scale = clamp(view.scale, MIN_SCALE, MAX_SCALE);
  return {
    scale,
    x: clamp(view.x, vp.width - vp.width * scale, 0),
    y: clamp(view.y, vp.height - vp.height * scale, 0),
  };
}

/** Zoom by `factor` keeping the map point under (px, py) — cursor, pinch centre — in place. */
export function zoomAt(view: View, factor: number, px: number, py: number, vp: Viewport): View {
  const scale = clamp(view.scale * factor, MIN_SCALE, MAX_SCALE);
  const k = scale / view.scale;
  return clampView({ scale, x: px - (px - view.x) * k, y: py - (py - view.y) * k }, vp);
}

export function panBy(view: View, dx: number, dy: number, vp: Viewport): View {
  return clampView({ ...view, x: view.x + dx, y: view.y + dy }, vp);
}

/** Wheel delta → zoom factor; a notch (~100 px) is about ±20 %. */
export function wheelFactor(deltaY: number): number {
  return Math.exp(-clamp(deltaY, -300, 300) / 500);
}

export const toTransform = (v: View) => `translate(${v.x}px, ${v.y}px) scale(${v.scale})`;
