import { describe, expect, it } from 'vitest';
import { sanitizeVenueSvg } from './sanitize-svg';

const wrap = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${inner}</svg>`;

describe('sanitizeVenueSvg', () => {
  it('keeps the section shapes and their data-seccion-id / aria-label', () => {
    const out = sanitizeVenueSvg(wrap('<g data-seccion-id="12" aria-label="Sección 101"><path d="M0 0 L5 5" fill="#fff"/></g>'));
    const doc = new DOMParser().parseFromString(out, 'image/svg+xml');
    const g = doc.querySelector('[data-seccion-id="12"]');
    expect(g?.getAttribute('aria-label')).toBe('Sección 101');
    expect(g?.querySelector('path')?.getAttribute('d')).toBe('M0 0 L5 5');
  });

  it('drops <script>, on* handlers, javascript: links, <style>, style attributes and <foreignObject>', () => {
    const out = sanitizeVenueSvg(
      wrap(
        '<script>alert(1)</script>' +
          '<g data-seccion-id="1" onclick="alert(2)" onmouseover="alert(3)"><rect width="5" height="5" onload="alert(4)"/></g>' +
          '<a href="javascript:alert(5)"><text>x</text></a>' +
          '<a xlink:href="javascript:alert(6)" xmlns:xlink="http://www.w3.org/1999/xlink"><text>y</text></a>' +
          '<style>body{display:none}</style>' +
          '<rect style="fill:red" width="1" height="1"/>' +
          '<foreignObject><div>html</div></foreignObject>',
      ),
    );
    expect(out).not.toMatch(/<script/i);
    expect(out).not.toMatch(/\son\w+=/i);
    expect(out).not.toMatch(/javascript:/i);
    expect(out).not.toMatch(/<style|style=/i);
    expect(out).not.toMatch(/foreignObject/i);
    expect(out).toContain('data-seccion-id="1"');
  });
});
