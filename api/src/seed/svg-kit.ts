/** Small helpers to draw venue maps as SVG strings (seed data). */

export interface Shape {
  clave: string;
  /** Path data, or a whole inner markup when `inner` is set. */
  d: string;
  colores: string[];
  label: string;
  lx: number;
  ly: number;
  /** Extra decorative markup drawn inside the section group (tables, seats). */
  inner?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function gradient(id: string, colores: string[]): string {
  const stops = colores.length === 1 ? [colores[0], colores[0]] : colores;
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">${stops
    .map((c, i) => `<stop offset="${Math.round((i / (stops.length - 1)) * 100)}%" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;
}

/** One addressable section: a group carrying data-seccion, its shape and its label. */
function section(s: Shape): string {
  return (
    `<g class="seccion" data-seccion="${s.clave}" tabindex="0" role="button" aria-label="${esc(s.label)}">` +
    `<path d="${s.d}" fill="url(#g-${s.clave})" stroke="#0b1020" stroke-width="3" stroke-linejoin="round"/>` +
    (s.inner ?? '') +
    `<text x="${s.lx}" y="${s.ly}" text-anchor="middle" dominant-baseline="middle" font-family="Inter, Arial, sans-serif" font-size="15" font-weight="700" fill="#ffffff" pointer-events="none">${esc(s.label)}</text></g>`
  );
}

export function svgDocument(opts: { width: number; height: number; title: string; shapes: Shape[]; decor?: string; overlay?: string }): string {
  const defs = opts.shapes.map((s) => gradient(`g-${s.clave}`, s.colores)).join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${opts.width} ${opts.height}" role="img" aria-label="${esc(opts.title)}">`,
    `<title>${esc(opts.title)}</title>`,
    `<defs>${defs}<radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0%" stop-color="#1e293b"/><stop offset="100%" stop-color="#0b1020"/></radialGradient></defs>`,
    `<rect width="${opts.width}" height="${opts.height}" rx="24" fill="url(#bg)"/>`,
    opts.decor ?? '',
    ...opts.shapes.map(section),
    opts.overlay ?? '',
    `</svg>`,
  ].join('');
}

export function stage(x: number, y: number, w: number, h: number, label = 'ESCENARIO'): string {
  return (
    `<g aria-hidden="true"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="12" fill="#f8fafc" opacity="0.92"/>` +
    `<text x="${x + w / 2}" y="${y + h / 2}" text-anchor="middle" dominant-baseline="middle" font-family="Inter, Arial, sans-serif" font-size="20" font-weight="800" letter-spacing="6" fill="#0b1020">${label}</text></g>`
  );
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** Sector of an elliptical ring between angles a0→a1 (degrees, 0 = right, clockwise). */
export function ringSector(
  cx: number,
  cy: number,
  rx0: number,
  ry0: number,
  rx1: number,
  ry1: number,
  a0: number,
  a1: number,
): { d: string; lx: number; ly: number } {
  const rad = (a: number) => (a * Math.PI) / 180;
  const p = (rx: number, ry: number, a: number) => `${r1(cx + rx * Math.cos(rad(a)))} ${r1(cy + ry * Math.sin(rad(a)))}`;
  const large = Math.abs(a1 - a0) > 180 ? 1 : 0;
  const d = `M ${p(rx1, ry1, a0)} A ${rx1} ${ry1} 0 ${large} 1 ${p(rx1, ry1, a1)} L ${p(rx0, ry0, a1)} A ${rx0} ${ry0} 0 ${large} 0 ${p(rx0, ry0, a0)} Z`;
  const am = rad((a0 + a1) / 2);
  return { d, lx: r1(cx + ((rx0 + rx1) / 2) * Math.cos(am)), ly: r1(cy + ((ry0 + ry1) / 2) * Math.sin(am)) };
}

export function roundedRect(x: number, y: number, w: number, h: number, r: number): string {
  return `M ${x + r} ${y} H ${x + w - r} Q ${x + w} ${y} ${x + w} ${y + r} V ${y + h - r} Q ${x + w} ${y + h} ${x + w - r} ${y + h} H ${x + r} Q ${x} ${y + h} ${x} ${y + h - r} V ${y + r} Q ${x} ${y} ${x + r} ${y} Z`;
}

export function polygon(points: [number, number][]): string {
  return `M ${points.map(([x, y]) => `${x} ${y}`).join(' L ')} Z`;
}

/** Event artwork (served by /media/poster.svg) so the catalogue has images without external files. */
export function posterSvg(title: string, subtitle: string, colores: [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630"><defs><linearGradient id="p" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colores[0]}"/><stop offset="1" stop-color="${colores[1]}"/></linearGradient></defs><rect width="1200" height="630" fill="url(#p)"/><circle cx="1010" cy="140" r="220" fill="#ffffff" opacity="0.08"/><circle cx="180" cy="560" r="260" fill="#000000" opacity="0.12"/><text x="80" y="330" font-family="Inter, Arial, sans-serif" font-size="68" font-weight="800" fill="#ffffff">${esc(title)}</text><text x="80" y="400" font-family="Inter, Arial, sans-serif" font-size="34" fill="#ffffff" opacity="0.85">${esc(subtitle)}</text></svg>`;
}
