// Canary releases: which buyers get a remote's canary version (registry `canary`, see
// registry.mjs). Plain ESM with its types beside it (canary.d.mts): the shell decides in the
// browser with it, and the ops commands and the delivery bench use the same rule.
//
// Every browser keeps one cohort number, 0–9999, drawn once at random (localStorage
// COHORT_KEY; a number shared by a ten-thousandth of browsers, not an identifier). A canary of
// `percent` % takes the browsers whose cohort, shifted by an offset drawn from the remote's name
// and the canary's version, falls below percent × 100. So:
//   - a browser keeps its answer for as long as that canary runs (sticky);
//   - raising the percentage only adds browsers, it never takes one back;
//   - with uniform cohorts the share is exact in expectation, and each canary (another remote or
//     version) picks its own slice of browsers, not always the same 10 %.

export const COHORT_KEY = 'taquilla:cohorte';
export const COHORTS = 10_000;

/** FNV-1a (32 bit) of a string: a stable offset, the same in Node and in every browser. */
function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

export function isCohort(value) {
  return Number.isInteger(value) && value >= 0 && value < COHORTS;
}

/** A canary percentage: more than 0 and less than 100 (promote makes it everybody's). */
export function isCanaryPercent(value) {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value < 100;
}

/** The registry entry's `canary`, checked: `{ version, percent, startedAt }` or null (absent or malformed). */
export function readCanary(entry) {
  const canary = entry && typeof entry === 'object' ? entry.canary : undefined;
  if (!canary || typeof canary !== 'object') return null;
  if (typeof canary.version !== 'string' || !canary.version || !isCanaryPercent(canary.percent)) return null;
  return { version: canary.version, percent: canary.percent, startedAt: typeof canary.startedAt === 'string' ? canary.startedAt : null };
}

/** Whether the browser of `cohort` gets `remote`'s canary `{ version, percent }`. */
export function inCanary(cohort, remote, canary) {
  if (!isCohort(cohort) || !canary || !isCanaryPercent(canary.percent)) return false;
  const shifted = (cohort + (fnv1a(`${remote}@${canary.version}`) % COHORTS)) % COHORTS;
  return shifted < Math.round(canary.percent * (COHORTS / 100));
}

/** A fresh cohort, uniform over 0…COHORTS-1 (crypto when there is one). */
export function drawCohort(random = globalThis.crypto) {
  if (random?.getRandomValues) {
    const [value] = random.getRandomValues(new Uint32Array(1));
    return value % COHORTS; // 2^32 mod 10 000 leaves a bias under 3 per million
  }
  return Math.floor(Math.random() * COHORTS);
}

/**
 * This browser's cohort from `storage` (localStorage), drawn and kept on first use. Without
 * storage (privacy mode) a cohort is drawn per page load: such a browser is not sticky.
 */
export function browserCohort(storage) {
  try {
    const kept = storage?.getItem(COHORT_KEY);
    if (kept && isCohort(Number(kept))) return Number(kept);
    const drawn = drawCohort();
    storage?.setItem(COHORT_KEY, String(drawn));
    return drawn;
  } catch {
    return drawCohort();
  }
}
