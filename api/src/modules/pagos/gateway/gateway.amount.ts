/**
 * Centavos ↔ Openpay's pesos with two decimals, exactly: through decimal strings, never by
 * multiplying or dividing floats (0.1 + 0.2 style drift would bill a centavo off).
 */

/** 12345 → 123.45 (the JSON number Openpay expects). */
export function centavosToPesos(centavos: number): number {
  if (!Number.isSafeInteger(centavos) || centavos < 0) throw new RangeError(`importe en centavos inválido: ${centavos}`);
  const digits = String(centavos).padStart(3, '0');
  // Parsing the decimal literal gives the double nearest to it, and JSON.stringify prints that
  // double back as the same shortest literal: "123.45" on the wire.
  return Number(`${digits.slice(0, -2)}.${digits.slice(-2)}`);
}

/** 123.45 (or '123.45') → 12345. Refuses more than two decimals rather than rounding money. */
export function pesosToCentavos(pesos: number | string): number {
  const text = typeof pesos === 'number' ? String(pesos) : pesos.trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`importe en pesos inválido: ${text}`);
  const centavos = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`importe en pesos inválido: ${text}`);
  return centavos;
}
