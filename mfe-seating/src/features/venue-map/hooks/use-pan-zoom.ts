import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { IDENTITY, panBy, wheelFactor, zoomAt, type View, type Viewport } from '../lib/pan-zoom';

/** Pointer travel (px) after which a press is a drag, not a click on a section. */
const DRAG_THRESHOLD = 6;
const BUTTON_FACTOR = 1.5;

/**
 * Mouse drag, wheel and two-finger pinch over `viewportRef`, plus the zoom buttons' actions.
 * Wheel and pinch zoom around the pointer; the wheel is only taken from the page while it
 * actually zooms, so scrolling past a map at full view still scrolls the page.
 */
export function usePanZoom(viewportRef: RefObject<HTMLElement | null>) {
  const [view, setView] = useState<View>(IDENTITY);
  const viewRef = useRef(view);
  viewRef.current = view;
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const travel = useRef(0);
  const dragged = useRef(false);

  const viewport = useCallback((): Viewport & { left: number; top: number } => {
    const r = viewportRef.current?.getBoundingClientRect();
    return { width: r?.width ?? 1, height: r?.height ?? 1, left: r?.left ?? 0, top: r?.top ?? 0 };
  }, [viewportRef]);

  useEffect(() => {
    const el = viewportRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      const vp = viewport();
      const next = zoomAt(viewRef.current, wheelFactor(e.deltaY), e.clientX - vp.left, e.clientY - vp.top, vp);
      if (next.scale === viewRef.current.scale) return;
      e.preventDefault();
      setView(next);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [viewportRef, viewport]);

  const onPointerDown = (e: ReactPointerEvent) => {
    // The primary pointer starts a new gesture: forget any pointer whose up/cancel never reached
    // us (released outside the map), or a stale one would turn the next pinch into a pan.
    if (e.isPrimary) pointers.current.clear();
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 1) {
      travel.current = 0;
      dragged.current = false;
    }
  };

  const onPointerMove = (e: ReactPointerEvent) => {
    const prev = pointers.current.get(e.pointerId);
    if (!prev) return;
    const vp = viewport();
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.entries()].map(([id, p]) => (id === e.pointerId ? { x: e.clientX, y: e.clientY } : p));
      const [pa, pb] = [...pointers.current.values()];
      const before = Math.hypot(pa!.x - pb!.x, pa!.y - pb!.y) || 1;
      const after = Math.hypot(a!.x - b!.x, a!.y - b!.y);
      setView((v) => zoomAt(v, after / before, (a!.x + b!.x) / 2 - vp.left, (a!.y + b!.y) / 2 - vp.top, vp));
      dragged.current = true;
    } else {
      travel.current += Math.abs(e.clientX - prev.x) + Math.abs(e.clientY - prev.y);
      if (travel.current > DRAG_THRESHOLD) {
        dragged.current = true;
        setView((v) => panBy(v, e.clientX - prev.x, e.clientY - prev.y, vp));
      }
    }
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
  };

  const onPointerEnd = (e: ReactPointerEvent) => {
    pointers.current.delete(e.pointerId);
  };

  const zoomBy = (factor: number) => {
    const vp = viewport();
    setView((v) => zoomAt(v, factor, vp.width / 2, vp.height / 2, vp));
  };

  /** Brings a client-space rectangle (a focused section) into the viewport when zoomed in. */
  const reveal = (rect: DOMRect) => {
    const vp = viewport();
    const margin = 16;
    let dx = 0;
    let dy = 0;
    if (rect.left < vp.left + margin) dx = vp.left + margin - rect.left;
    else if (rect.right > vp.left + vp.width - margin) dx = vp.left + vp.width - margin - rect.right;
    if (rect.top < vp.top + margin) dy = vp.top + margin - rect.top;
    else if (rect.bottom > vp.top + vp.height - margin) dy = vp.top + vp.height - margin - rect.bottom;
    if (dx || dy) setView((v) => panBy(v, dx, dy, vp));
  };

  return {
    view,
    reveal,
    /** True when the press that ends in this click was a drag or a pinch (the click is not a choice). */
    wasDrag: () => dragged.current,
    handlers: { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd, onPointerLeave: onPointerEnd },
    zoomIn: () => zoomBy(BUTTON_FACTOR),
    zoomOut: () => zoomBy(1 / BUTTON_FACTOR),
    reset: () => setView(IDENTITY),
  };
}
