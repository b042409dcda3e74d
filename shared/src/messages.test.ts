import { describe, expect, it } from 'vitest';
import { formatMessage, messages } from './messages';

describe('message catalogue', () => {
  it('carries the spec strings verbatim', () => {
    expect(messages.SESSION_CLOSED).toBe('Se ha cerrado la sesión');
    expect(messages.NETWORK_ERROR).toBe('No se pudo conectar con el servidor');
    expect(messages.LOGIN_FAILED).toBe('Credenciales incorrectas');
    expect(messages.VERIFICATION_REQUIRED.startsWith('Verificación requerida. Debes verificar tu correo')).toBe(true);
    expect(messages.INVALID_DATE).toBe('Fecha inválida');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(formatMessage('DISCOUNT_MIN_QUANTITY', { n: 3 })).toBe(
      'Debes comprar al menos 3 boletos para aplicar el descuento.',
    );
    expect(formatMessage('DISCOUNT_NOT_FOR_SECTION', { name: 'VIP' })).toBe(
      'El código de descuento no es válido para la sección VIP.',
    );
    expect(formatMessage('DISCOUNT_NOT_FOR_SECTION')).toContain('{name}');
  });

  it('every entry is a non-empty string and no two codes share a text', () => {
    const texts = Object.values(messages);
    expect(texts.every((t) => typeof t === 'string' && t.trim().length > 0)).toBe(true);
    expect(new Set(texts).size).toBe(texts.length);
  });
});
