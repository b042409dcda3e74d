/**
 * Runtime configuration, fetched by the shell from `/config.json` (served no-store) before it
 * renders, so no URL or key is baked into any bundle.
 */
export interface RuntimeConfig {
  /** Base URL of the API, e.g. '/api/v1'. */
  apiBaseUrl: string;
  /** Static API key sent in the `x-api-key` header on every call. */
  apiKey: string;
  /** Where the remote registry lives, e.g. '/remotes/remotes.json'. */
  registryUrl: string;
  /** ISO date-time of the launch countdown on the home page. */
  launchDate: string;
  /** Public URL of the storefront (links in e-mails use it). */
  publicUrl?: string;
}

export const API_KEY_HEADER = 'x-api-key';

let current: RuntimeConfig = {
  apiBaseUrl: '/api/v1',
  apiKey: '',
  registryUrl: '/remotes/remotes.json',
  launchDate: new Date(0).toISOString(),
};

export function setRuntimeConfig(config: Partial<RuntimeConfig>): void {
  current = { ...current, ...config };
}

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}
