/**
 * The remote registry (`remotes.json`): which version of each remote is live, and its history.
 * Written by the ops commands (release / rollback), read by the shell at start-up.
 */
export const REMOTE_NAMES = ['catalog', 'seating', 'checkout', 'account', 'auth'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export interface RegistryRelease {
  version: string;
  /** URL of the release's mf-manifest.json, relative to the origin root or absolute. */
  entry: string;
  publishedAt: string;
}

export interface RegistryEntry {
  current: string;
  history: RegistryRelease[];
  /** What the last rollback did, for the status command. */
  changedAt?: string;
}

export interface Registry {
  remotes: Record<string, RegistryEntry>;
}
