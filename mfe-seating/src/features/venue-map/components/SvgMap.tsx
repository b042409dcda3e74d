import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type FocusEvent } from 'react';
import type { Seccion } from '@taquilla/shared/schemas/catalogo';
import { usePanZoom } from '../hooks/use-pan-zoom';
import { toTransform } from '../lib/pan-zoom';
import { sanitizeVenueSvg } from '../lib/sanitize-svg';
import { sectionAriaLabel } from '../lib/section-tooltip';
import { SectionTooltip } from './SectionTooltip';

export interface SvgMapProps {
  svg: string;
  secciones: readonly Seccion[];
  onSelect: (seccion: Seccion) => void;
}

const SECTION = '[data-seccion-id]';

/**
 * The venue's own SVG (sanitised) with its drawn sections turned into buttons: focusable,
 * named in Spanish with their availability, chosen by click, Enter or Space. Listeners sit on
 * the wrapper (one per kind), not on each shape.
 */
export function SvgMap({ svg, secciones, onSelect }: SvgMapProps) {
  const html = useMemo(() => sanitizeVenueSvg(svg), [svg]);
  const byId = useMemo(() => new Map(secciones.map((s) => [String(s.id), s])), [secciones]);
  const viewportRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const { view, reveal, wasDrag, handlers, zoomIn, zoomOut, reset } = usePanZoom(viewportRef);
  const [hover, setHover] = useState<{ seccion: Seccion; x: number; y: number } | null>(null);
  const tooltipId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `html` is the map's markup: new markup means new section elements to label
  useLayoutEffect(() => {
    const root = contentRef.current;
    if (!root) return;
    const svgEl = root.querySelector('svg');
    // role="img" would hide the sections from assistive tech; a labelled group keeps them.
    svgEl?.setAttribute('role', 'group');
    svgEl?.setAttribute('focusable', 'false');
    for (const el of root.querySelectorAll<SVGElement>(SECTION)) {
      const seccion = byId.get(el.getAttribute('data-seccion-id') ?? '');
      if (!seccion || seccion.seccionAdicional) {
        el.removeAttribute('tabindex');
        el.removeAttribute('role');
        continue;
      }
      el.setAttribute('tabindex', '0');
      el.setAttribute('role', 'button');
      el.setAttribute('aria-label', sectionAriaLabel(seccion));
      el.classList.add('venue-map__section');
      el.classList.toggle('venue-map__section--agotado', seccion.asientosDisponibles === 0);
    }
    // User Timing mark for real-user monitoring (and bench:seatmap): the map is on screen.
    const frame = requestAnimationFrame(() => performance.mark('taquilla:venue-map-painted'));
    return () => cancelAnimationFrame(frame);
  }, [html, byId]);

  // The map moved (zoom, pan, reveal): the tooltip follows its section.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `view` is the trigger (the map moved), not a value read inside
  useLayoutEffect(() => {
    setHover((h) => {
      const el = h && contentRef.current?.querySelector(`[data-seccion-id="${h.seccion.id}"]`);
      const vp = viewportRef.current?.getBoundingClientRect();
      if (!h || !el || !vp) return h;
      const r = el.getBoundingClientRect();
      return { seccion: h.seccion, x: r.left + r.width / 2 - vp.left, y: r.top - vp.top };
    });
  }, [view]);

  const sectionOf = (target: EventTarget | null) => {
    const el = target instanceof Element ? target.closest(SECTION) : null;
    const seccion = el ? byId.get(el.getAttribute('data-seccion-id') ?? '') : undefined;
    return seccion && !seccion.seccionAdicional && el ? { el, seccion } : null;
  };

  const show = (target: EventTarget | null) => {
    const hit = sectionOf(target);
    const vp = viewportRef.current?.getBoundingClientRect();
    if (!hit || !vp) return setHover(null);
    if (hover?.seccion.id === hit.seccion.id) return;
    const r = hit.el.getBoundingClientRect();
    setHover({ seccion: hit.seccion, x: r.left + r.width / 2 - vp.left, y: r.top - vp.top });
  };

  const onClick = (e: MouseEvent) => {
    const hit = sectionOf(e.target);
    if (hit && !wasDrag()) onSelect(hit.seccion);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const hit = sectionOf(e.target);
    if (!hit) return;
    e.preventDefault();
    onSelect(hit.seccion);
  };

  const onBlur = (e: FocusEvent) => {
    if (!sectionOf(e.relatedTarget)) setHover(null);
  };

  return (
    <div className="venue-map">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: pan and zoom by pointer; the keyboard uses the zoom buttons and the focusable sections */}
      <div
        ref={viewportRef}
        className={view.scale > 1 ? 'venue-map__viewport venue-map__viewport--zoomed' : 'venue-map__viewport'}
        onMouseOver={(e) => show(e.target)}
        onMouseLeave={() => setHover(null)}
        onFocus={(e) => {
          // Focus scrolls even an overflow-hidden box; the map moves by its transform only.
          const vp = e.currentTarget;
          vp.scrollLeft = 0;
          vp.scrollTop = 0;
          const hit = sectionOf(e.target);
          if (hit) reveal(hit.el.getBoundingClientRect());
          show(e.target);
        }}
        onBlur={onBlur}
        onClick={onClick}
        onKeyDown={onKeyDown}
        {...handlers}
      >
        <div
          ref={contentRef}
          className="venue-map__content"
          style={{ transform: toTransform(view) }}
          // Sanitised by DOMPurify just above (sanitizeVenueSvg): the SVG is venue data, not ours.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify (sanitizeVenueSvg)
          dangerouslySetInnerHTML={{ __html: html }}
        />
        {hover && <SectionTooltip id={tooltipId} seccion={hover.seccion} x={hover.x} y={hover.y} />}
      </div>
      <div className="venue-map__zoom" role="group" aria-label="Zoom del mapa">
        <button type="button" className="venue-map__zoom-btn" onClick={zoomIn} aria-label="Acercar el mapa">
          +
        </button>
        <button type="button" className="venue-map__zoom-btn" onClick={zoomOut} aria-label="Alejar el mapa">
          −
        </button>
        <button type="button" className="venue-map__zoom-btn" onClick={reset} aria-label="Ver el mapa completo">
          ⤢
        </button>
      </div>
    </div>
  );
}
