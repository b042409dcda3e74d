// The remote registry (`remotes.json`): which version of each remote is live, and its history.
// Written by the ops commands (release / rollback / promote / abort), read by the shell at
// start-up and again while a tab stays open. An entry may carry `canary` (canary.mjs). Plain ESM
// with its types beside it (registry.d.mts), so the ops commands import it in Node as it is and
// the shell imports the same list in the browser.

/** Every remote the shell knows, in the order the registry lists them. */
export const REMOTE_NAMES = Object.freeze(['catalog', 'seating', 'checkout', 'account', 'auth']);
