import type { AppConfig } from './slices';

/**
 * The overrides of `buildApp({ config })` (tests, the e2e server): a configuration made by
 * readConfig or withOverrides is taken as it is; anything else is a set of overrides.
 */

/** Configurations made by readConfig/withOverrides: buildApp takes one of these as it is. */
const complete = new WeakSet<object>();

/** Marks a configuration as whole (readConfig's, withOverrides'). */
export function sealConfig(config: AppConfig): AppConfig {
  complete.add(config);
  return config;
}

/** Slices that are replaced whole by an override rather than merged key by key (a union). */
const REPLACED_WHOLE = new Set<keyof AppConfig>(['pagos', 'origin']);

/**
 * Overrides of `buildApp({ config })`: any top-level setting, or some keys of a slice
 * (`{ holds: { holdMinutes: 0.1 } }` keeps the slice's other keys). `pagos` and `origin` are
 * replaced whole.
 */
export type ConfigOverrides = {
  [K in keyof AppConfig]?: K extends 'pagos' | 'origin' ? AppConfig[K] : SliceOverride<AppConfig[K]>;
};
type SliceOverride<T> = T extends (...args: never[]) => unknown ? T : T extends readonly unknown[] ? T : T extends object ? Partial<T> : T;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/** `base` with `overrides` applied (one level into each slice). */
export function withOverrides(base: AppConfig, overrides: ConfigOverrides = {}): AppConfig {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    const current = merged[key];
    merged[key] = !REPLACED_WHOLE.has(key as keyof AppConfig) && isPlainObject(current) && isPlainObject(value) ? { ...current, ...value } : value;
  }
  return sealConfig(merged as unknown as AppConfig);
}

/** True for a whole configuration made by readConfig/withOverrides (not a set of overrides). */
export function isAppConfig(value: unknown): value is AppConfig {
  return typeof value === 'object' && value !== null && complete.has(value);
}
