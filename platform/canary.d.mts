import type { RegistryCanary, RegistryEntry } from './registry.mjs';

/** localStorage key of the browser's cohort (0–9999). */
export declare const COHORT_KEY: string;
export declare const COHORTS: number;
export declare function isCohort(value: unknown): value is number;
export declare function isCanaryPercent(value: unknown): value is number;
/** The entry's canary, checked; null when absent or malformed. */
export declare function readCanary(entry: Partial<RegistryEntry> | unknown): { version: string; percent: number; startedAt: string | null } | null;
/** Whether the browser of `cohort` gets `remote`'s canary. */
export declare function inCanary(cohort: number, remote: string, canary: Pick<RegistryCanary, 'version' | 'percent'> | null): boolean;
export declare function drawCohort(random?: { getRandomValues(array: Uint32Array): Uint32Array }): number;
/** The browser's cohort, kept in `storage` (drawn on first use). */
export declare function browserCohort(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined | null): number;
