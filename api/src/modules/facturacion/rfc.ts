import validateRfc from 'validate-rfc';
import type { TipoPersona } from '@taquilla/shared/sat-catalogos';

/** The generic RFCs (público en general, extranjeros): a buyer's own invoice never names them. */
const RFC_GENERICOS = ['XAXX010101000', 'XEXX010101000'] as const;

export type RfcValidado = { ok: true; rfc: string; tipo: TipoPersona } | { ok: false; message: string };

/** Only letters (Ñ and & included) and digits: anything else is refused rather than stripped. */
const SOLO_RFC = /^[A-ZÑ&0-9]+$/;

/**
 * An RFC as the buyer typed it (spaces around and lower case allowed): 13 characters for a
 * persona física, 12 for a persona moral, a real date, no inconvenient word, and the check
 * digit (dígito verificador) right. The check itself is `validate-rfc`'s (its SAT
 * algorithm: module 11 over the 36-symbol table); this adds the Spanish message for each case
 * and refuses the two generic RFCs, which the library calls valid.
 */
export function validarRfc(input: string): RfcValidado {
  const rfc = input.trim().toUpperCase();
  if (!SOLO_RFC.test(rfc) || (rfc.length !== 12 && rfc.length !== 13)) {
    return { ok: false, message: 'El RFC debe tener 13 caracteres (persona física) o 12 (persona moral), solo letras y números.' };
  }
  if ((RFC_GENERICOS as readonly string[]).includes(rfc)) {
    return { ok: false, message: 'No podemos facturar a un RFC genérico (XAXX010101000 o XEXX010101000). Escribe tu propio RFC.' };
  }
  const result = validateRfc(rfc);
  if (result.isValid && (result.type === 'person' || result.type === 'company')) {
    return { ok: true, rfc, tipo: result.type === 'person' ? 'fisica' : 'moral' };
  }
  const errors = result.errors ?? [];
  if (errors.includes('INVALID_FORMAT')) return { ok: false, message: 'El RFC no tiene el formato correcto: letras iniciales, fecha (AAMMDD) y homoclave.' };
  if (errors.includes('INVALID_DATE')) return { ok: false, message: 'La fecha dentro del RFC no es válida.' };
  if (errors.includes('FORBIDDEN_WORD')) return { ok: false, message: 'El RFC no es válido: sus letras iniciales forman una palabra que el SAT no asigna.' };
  if (errors.includes('INVALID_VERIFICATION_DIGIT'))
    return {
      ok: false,
      message: 'El RFC no es válido: el dígito verificador (último carácter) no corresponde. Revísalo en tu Constancia de Situación Fiscal.',
    };
  return { ok: false, message: 'El RFC no es válido.' };
}
