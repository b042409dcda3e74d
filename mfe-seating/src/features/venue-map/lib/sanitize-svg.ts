import DOMPurify from 'dompurify';

/**
 * The venue SVG comes from an import file, so it is untrusted markup: DOMPurify's SVG profile
 * drops scripts, event handlers, `javascript:` URLs and anything outside SVG. `<style>`,
 * `style="…"` and `<foreignObject>` go too: a venue must not restyle the page or smuggle HTML
 * into it, and the storefront's CSP (style-src 'self') would refuse inline styles anyway.
 * data-* and aria-* attributes survive (the sections are found by `data-seccion-id`).
 */
export function sanitizeVenueSvg(svg: string): string {
  return DOMPurify.sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['style', 'foreignObject'],
    FORBID_ATTR: ['style'],
  });
}
