import { describe, expect, it } from 'vitest';
import { checkPasswordForm } from './password-form';

const form = (actualPassword: string, newPassword: string, repeatedNewPassword: string) => ({ actualPassword, newPassword, repeatedNewPassword });

describe('checkPasswordForm', () => {
  it('any empty field is one form message', () => {
    expect(checkPasswordForm(form('', '', ''))).toEqual({ ok: false, form: 'Todos los campos son obligatorios', fields: {} });
    expect(checkPasswordForm(form('Actual1', 'Nueva12', ''))).toEqual({ ok: false, form: 'Todos los campos son obligatorios', fields: {} });
  });

  it('a confirmation that differs is told on the confirmation', () => {
    expect(checkPasswordForm(form('Actual1', 'Nueva12', 'Nueva13'))).toEqual({
      ok: false,
      fields: { repeatedNewPassword: 'Las nuevas contraseñas no coinciden' },
    });
  });

  it('the new password follows the registration rules', () => {
    const check = checkPasswordForm(form('Actual1', 'nueva12', 'nueva12'));
    expect(check).toEqual({ ok: false, fields: { newPassword: 'Debe contener al menos una mayúscula' } });
  });

  it('a valid form gives the payload, without the confirmation', () => {
    expect(checkPasswordForm(form('Actual1', 'Nueva12', 'Nueva12'))).toEqual({
      ok: true,
      payload: { actualPassword: 'Actual1', newPassword: 'Nueva12' },
    });
  });
});
