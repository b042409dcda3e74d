import { describe, expect, it } from 'vitest';
import { parseFilters, toggleCategoria, writeFilters } from './filter-params';

describe('filters in the URL', () => {
  it('reads fecha and categorias, ignoring unknown values and duplicates', () => {
    expect(parseFilters(new URLSearchParams('fecha=esta-semana&categorias=2,5,,2'))).toEqual({
      fecha: 'esta-semana',
      categorias: ['2', '5'],
    });
    expect(parseFilters(new URLSearchParams('fecha=ayer'))).toEqual({ fecha: 'todas', categorias: [] });
  });

  it('writes only non-default filters and keeps other params', () => {
    const written = writeFilters(new URLSearchParams('utm=x&fecha=proximamente'), {
      fecha: 'todas',
      categorias: ['3', '1'],
    });
    expect(written.toString()).toBe('utm=x&categorias=3%2C1');
    expect(writeFilters(written, { fecha: 'fin-de-semana', categorias: [] }).toString()).toBe('utm=x&fecha=fin-de-semana');
  });

  it('round-trips', () => {
    const filters = { fecha: 'proxima-semana' as const, categorias: ['a', 'b'] };
    expect(parseFilters(writeFilters(new URLSearchParams(), filters))).toEqual(filters);
  });
});

describe('toggleCategoria', () => {
  it('turns a chip on, then off again', () => {
    const on = toggleCategoria([], '4');
    expect(on).toEqual(['4']);
    expect(toggleCategoria([...on, '7'], '4')).toEqual(['7']);
  });
});
