import { describe, expect, it } from 'vitest';
import { maskUrl } from '../src/lib/logger';

describe('maskUrl', () => {
  it('masks opaque tokens in paths and query strings', () => {
    expect(maskUrl('/api/v1/auth/verify/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abcDEF123')).toBe('/api/v1/auth/verify/[redacted]');
    expect(maskUrl('/auth/reset?token=abc&x=1')).toBe('/auth/reset?token=[redacted]&x=1');
  });

  it('keeps ordinary catalogue URLs readable', () => {
    expect(maskUrl('/api/v1/eventos/12/34/filas_por_seccion')).toBe('/api/v1/eventos/12/34/filas_por_seccion');
  });
});
