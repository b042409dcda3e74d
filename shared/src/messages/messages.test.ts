import { describe, expect, it } from 'vitest';
import { authMessages } from './auth';
import { catalogoMessages } from './catalogo';
import { formatMessage, messages } from './core';
import { cuentaMessages } from './cuenta';
import { pagoMessages } from './pagos';
import { promocionMessages } from './promociones';
import { reservaMessages } from './reservas';
import { salaEsperaMessages } from './sala-espera';

const catalogue = { messages, authMessages, catalogoMessages, cuentaMessages, pagoMessages, promocionMessages, reservaMessages, salaEsperaMessages };

describe('message catalogue', () => {
  it('carries the spec strings verbatim', () => {
    expect(messages.SESSION_CLOSED).toBe('Se ha cerrado la sesión');
    expect(messages.NETWORK_ERROR).toBe('No se pudo conectar con el servidor');
    expect(authMessages.LOGIN_FAILED).toBe('Credenciales incorrectas');
    expect(messages.VERIFICATION_REQUIRED.startsWith('Verificación requerida. Debes verificar tu correo')).toBe(true);
    expect(messages.INVALID_DATE).toBe('Fecha inválida');
    expect(reservaMessages.TOO_MANY_PLACES).toBe('No puedes reservar más de 100 lugares a la vez.');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(formatMessage(promocionMessages.DISCOUNT_MIN_QUANTITY, { n: 3 })).toBe('Debes comprar al menos 3 boletos para aplicar el descuento.');
    expect(formatMessage(promocionMessages.DISCOUNT_NOT_FOR_SECTION, { name: 'VIP' })).toBe('El código de descuento no es válido para la sección VIP.');
    expect(formatMessage(promocionMessages.DISCOUNT_NOT_FOR_SECTION)).toContain('{name}');
  });

  it('defines each text once across the whole catalogue: every entry a non-empty string, no two entries alike', () => {
    const entries = Object.entries(catalogue).flatMap(([file, texts]) => Object.entries(texts).map(([code, text]) => ({ where: `${file}.${code}`, text })));
    expect(entries.filter((e) => typeof e.text !== 'string' || e.text.trim() === '')).toEqual([]);
    const seen = new Map<string, string>();
    const repeats = entries.filter((e) => seen.has(e.text) || !seen.set(e.text, e.where)).map((e) => `${e.where} = ${seen.get(e.text)}`);
    expect(repeats).toEqual([]);
  });
});
