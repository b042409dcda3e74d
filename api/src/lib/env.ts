/** An environment variable's number, or NaN when it is unset, empty or not a number. */
function envNumber(value: string | undefined): number {
  return value === undefined || value.trim() === '' ? Number.NaN : Number(value);
}

/** An environment variable that must be a whole number above zero: its value, or `fallback` when unset or anything else. */
export function positiveInt(value: string | undefined, fallback: number): number {
  const n = envNumber(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** A whole number of zero or more (0 usually turns something off): its value, or `fallback`. */
export function nonNegativeInt(value: string | undefined, fallback: number): number {
  const n = envNumber(value);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

/** A number above zero, decimals allowed (`allowZero`: zero too): its value, or `fallback`. */
export function positiveNumber(value: string | undefined, fallback: number, { allowZero = false } = {}): number {
  const n = envNumber(value);
  return Number.isFinite(n) && (n > 0 || (allowZero && n === 0)) ? n : fallback;
}
