import { describe, expect, it } from 'vitest';
import { fieldErrors, loginSchema, registerFormSchema, registerSchema, resetPasswordFormSchema, verifyEmailSchema } from './auth';

describe('auth schemas (spec §5)', () => {
  it('login: first failing rule per field, in the spec order', () => {
    expect(fieldErrors(loginSchema, { email: '', password: '' })).toEqual({
      email: 'Debes ingresar el correo',
      password: 'Debes ingresar una contraseña',
    });
    expect(fieldErrors(loginSchema, { email: 'ana@correo', password: '12345' })).toEqual({
      email: 'Debes ingresar un correo válido',
      password: 'La contraseña debe tener al menos 6 caracteres',
    });
    expect(fieldErrors(loginSchema, { email: 'ana@correo.mx', password: '123456' })).toEqual({});
  });

  it('register: password rules one at a time, and the repeated password', () => {
    const base = { fullName: 'Ana', email: 'ana@correo.mx', repeatedPassword: '' };
    const passwordError = (password: string) => fieldErrors(registerFormSchema, { ...base, password, repeatedPassword: password }).password;
    expect(passwordError('')).toBe('La contraseña es obligatoria');
    expect(passwordError('Ab1')).toBe('Debe tener al menos 6 caracteres');
    expect(passwordError('abcdef1')).toBe('Debe contener al menos una mayúscula');
    expect(passwordError('ABCDEF1')).toBe('Debe contener al menos una minúscula');
    expect(passwordError('Abcdefg')).toBe('Debe contener al menos un número');
    expect(passwordError('Abcdef1')).toBeUndefined();
    // The mismatch shows even while another field is still wrong.
    expect(fieldErrors(registerFormSchema, { fullName: '', email: 'x', password: 'Abcdef1', repeatedPassword: 'Abcdef2' })).toEqual({
      fullName: 'El nombre es obligatorio',
      email: 'El correo debe ser de un dominio válido',
      repeatedPassword: 'Las contraseñas no coinciden',
    });
    expect(fieldErrors(resetPasswordFormSchema, { password: 'Abcdef1', repeatedPassword: '' })).toEqual({
      repeatedPassword: 'Debes repetir la contraseña',
    });
  });

  it('the register payload trims, and strips repeatedPassword', () => {
    const parsed = registerSchema.parse({ fullName: ' Ana ', email: ' ana@correo.mx ', password: 'Abcdef1', repeatedPassword: 'x' });
    expect(parsed).toEqual({ fullName: 'Ana', email: 'ana@correo.mx', password: 'Abcdef1' });
  });

  it('bounds what the server hashes and accepts as a link token', () => {
    expect(fieldErrors(registerSchema, { fullName: 'A', email: 'a@b.mx', password: `Ab1${'x'.repeat(200)}` }).password).toBe(
      'La contraseña no puede tener más de 128 caracteres',
    );
    expect(verifyEmailSchema.safeParse({ token: 'a'.repeat(43) }).success).toBe(true);
    expect(verifyEmailSchema.safeParse({ token: '../../etc' }).success).toBe(false);
  });
});
