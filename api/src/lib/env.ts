/** An environment variable that must be a whole number above zero: its value, or `fallback` when unset or anything else. */
export function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n > 0 ? n : fallback;
}
