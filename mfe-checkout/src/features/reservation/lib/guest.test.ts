import { describe, expect, it } from 'vitest';
import { trimGuest, validateGuest } from './guest';

describe('validateGuest', () => {
  it('asks for both fields with the spec messages', () => {
    expect(validateGuest({ nombre: '', correo: '' })).toEqual({
      nombre: 'Ingresa el nombre',
      correo: 'Es necesario un correo electrónico valído',
    });
  });

  it('treats blanks as empty', () => {
    expect(validateGuest({ nombre: '   ', correo: 'ana@ejemplo.mx' })).toEqual({ nombre: 'Ingresa el nombre' });
    expect(validateGuest({ nombre: 'Ana', correo: ' \t' })).toEqual({ correo: 'Es necesario un correo electrónico valído' });
  });

  it('accepts any filled values (presence only, as the spec says)', () => {
    expect(validateGuest({ nombre: 'Ana López', correo: 'ana@ejemplo.mx' })).toEqual({});
  });

  it('trims what is sent', () => {
    expect(trimGuest({ nombre: '  Ana ', correo: ' ana@ejemplo.mx ' })).toEqual({ nombre: 'Ana', correo: 'ana@ejemplo.mx' });
  });
});
