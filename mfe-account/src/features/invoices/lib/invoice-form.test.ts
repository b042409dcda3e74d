import { describe, expect, it } from 'vitest';
import { motivoCatalogo } from '@taquilla/shared/sat-catalogos';
import { EMPTY_FORM, missingField, regimenOptions, tipoDe, usoOptions } from './invoice-form';

describe('invoice form options', () => {
  it('the RFC length decides persona física (13) or moral (12); before that every régimen is offered', () => {
    expect(tipoDe('GODE561231GR8')).toBe('fisica');
    expect(tipoDe('MAG041126GT8')).toBe('moral');
    expect(tipoDe('MAG04')).toBeNull();
    expect(regimenOptions('MAG041126GT8').map((r) => r.clave)).not.toContain('605');
    expect(regimenOptions('GODE561231GR8').map((r) => r.clave)).not.toContain('601');
    expect(regimenOptions('').length).toBeGreaterThan(regimenOptions('MAG041126GT8').length);
  });

  it('every uso offered for an RFC and régimen is one the API accepts; none before a régimen is chosen', () => {
    expect(usoOptions('GODE561231GR8', '')).toEqual([]);
    for (const rfc of ['GODE561231GR8', 'MAG041126GT8']) {
      const tipo = tipoDe(rfc)!;
      for (const r of regimenOptions(rfc))
        for (const u of usoOptions(rfc, r.clave)) expect(motivoCatalogo(tipo, r.clave, u.clave), `${rfc} ${r.clave} ${u.clave}`).toBeNull();
    }
    expect(usoOptions('GODE561231GR8', '616').map((u) => u.clave)).toEqual(['S01']);
  });

  it('the first missing field, in form order', () => {
    expect(missingField(EMPTY_FORM)).toEqual({ field: 'rfc', message: 'Escribe tu RFC.' });
    const filled = { rfc: 'MAG041126GT8', razonSocial: 'Mi Agencia', codigoPostal: '06600', regimenFiscal: '601', usoCfdi: 'G03' };
    expect(missingField(filled)).toBeNull();
    expect(missingField({ ...filled, codigoPostal: '0660' })?.field).toBe('codigoPostal');
    expect(missingField({ ...filled, usoCfdi: '' })?.message).toBe('Elige el uso del CFDI.');
  });
});
