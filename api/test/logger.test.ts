import { describe, expect, it } from 'vitest';
import { maskUrl } from '../src/lib/logger';

describe('maskUrl', () => {
  it('masks opaque tokens in paths and query strings', () => {
    expect(maskUrl('/api/v1/auth/verify/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abcDEF123')).toBe('/api/v1/auth/verify/[redacted]');
    expect(maskUrl('/auth/reset?token=abc&x=1')).toBe('/auth/reset?token=[redacted]&x=1');
  });

  it('masks e-mail addresses anywhere, escaped or not (issue 27, finding 12)', () => {
    expect(maskUrl('/api/v1/correos/forgot-password/ana@ejemplo.mx')).toBe('/api/v1/correos/forgot-password/[correo]');
    expect(maskUrl('/api/v1/correos/sold-tickets-email/Ana.Lopez%2Bx%40ejemplo.mx/abc')).toBe('/api/v1/correos/sold-tickets-email/[correo]/abc');
    expect(maskUrl('/dev/correos?para=ana%2540ejemplo.mx&x=1')).toBe('/dev/correos?para=[correo]&x=1');
    expect(maskUrl('/x/a@b.mx,c@d.mx?q=%61na%40ejemplo.mx#e@f.mx')).toBe('/x/[correo]?q=[correo]#[correo]');
    expect(maskUrl('/remotes/@scope/pkg.js')).toBe('/remotes/@scope/pkg.js');
  });

  it('takes time in proportion to the URL, whatever it holds', () => {
    const start = performance.now();
    for (const url of [`/@${'a'.repeat(50_000)}@`, `/${'a%4'.repeat(20_000)}`, `/${'a@'.repeat(25_000)}`]) maskUrl(url);
    expect(performance.now() - start).toBeLessThan(500);
  });

  it('keeps ordinary catalogue URLs readable', () => {
    expect(maskUrl('/api/v1/eventos/12/34/filas_por_seccion')).toBe('/api/v1/eventos/12/34/filas_por_seccion');
  });
});
