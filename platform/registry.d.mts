/** Every remote the shell knows, in the order the registry lists them. */
export declare const REMOTE_NAMES: readonly ['catalog', 'seating', 'checkout', 'account', 'auth'];
export type RemoteName = (typeof REMOTE_NAMES)[number];

export interface RegistryRelease {
  version: string;
  /** URL of the release's mf-manifest.json, relative to the origin root or absolute. */
  entry: string;
  publishedAt: string;
}

/** A version of the history served to about `percent` % of browsers (canary.mjs) until promote or abort. */
export interface RegistryCanary {
  version: string;
  /** More than 0 and less than 100. */
  percent: number;
  startedAt: string;
}

export interface RegistryEntry {
  current: string;
  history: RegistryRelease[];
  /** When `current` last changed (release or rollback), for the status command. */
  changedAt?: string;
  /** A running canary (`release --canary`); readers that do not know it serve `current` to everyone. */
  canary?: RegistryCanary;
}

/** `remotes.json`. */
export interface Registry {
  remotes: Record<string, RegistryEntry>;
}
