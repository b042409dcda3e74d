/**
 * Web Vitals are kept as histograms (table telemetria_vitales): a value goes to the bucket whose
 * upper bound is the first power of GROWTH at or above it, so any percentile read back is within
 * 10 % of the true one, and storage grows with versions and days, not with buyers.
 */
const GROWTH = 1.1;
const LOG_GROWTH = Math.log(GROWTH);

/** Bucket 0 holds values below 1 (CLS ×1000 and times in ms are rarely that small). */
export function bucketOf(value: number): number {
  return value < 1 ? 0 : Math.floor(Math.log(value) / LOG_GROWTH) + 1;
}

/** The upper bound of a bucket: what a percentile that lands in it reports. */
function bucketUpperBound(bucket: number): number {
  return bucket === 0 ? 1 : Math.round(GROWTH ** bucket);
}

/** The `p` percentile (0–1) of a histogram given as [bucket, count] pairs; null when empty. */
export function percentile(histogram: Array<{ cubeta: number; cantidad: number }>, p: number): number | null {
  const sorted = [...histogram].sort((a, b) => a.cubeta - b.cubeta);
  const total = sorted.reduce((sum, row) => sum + row.cantidad, 0);
  if (total === 0) return null;
  const rank = Math.ceil(p * total);
  let seen = 0;
  for (const row of sorted) {
    seen += row.cantidad;
    if (seen >= rank) return bucketUpperBound(row.cubeta);
  }
  return bucketUpperBound(sorted[sorted.length - 1]!.cubeta);
}
