// Types of what other packages use from the ops helpers (lib.mjs): the API's release judge.
import type { Origin } from '../origin/index.mjs';

export { OpsError } from '../origin/index.mjs';

export declare const REMOTE_NAMES: readonly string[];

/** The audit action of a release made with --force (the compatibility gate did not run). */
export declare const RELEASE_FORCED: string;

export interface RollbackOptions {
  /** An open origin (left open), a folder path, or nothing: the environment's origin. */
  origin?: Origin | string;
  now?: Date;
  /** Who, for the audit log (default OPS_ACTOR, else user@host). */
  actor?: string;
  /** Why, for the audit log. */
  reason?: string;
  /** Change nothing unless this is still the live version when the change is made. */
  expectCurrent?: string;
}

/** Points `remote` at `version` (default: the one before the live one in its history). */
export declare function rollbackRemote(remote: string, version: string | undefined, options?: RollbackOptions): Promise<{ from: string; to: string }>;

export interface FinishCanaryOptions {
  actor?: string;
  reason?: string;
  now?: Date;
}

/** Ends `remote`'s canary: everybody back on the current version (audited as 'abort'). */
export declare function abortCanary(
  origin: Origin | string | undefined,
  remote: string,
  options?: FinishCanaryOptions,
): Promise<{ from: string; to: string; percent: number }>;
