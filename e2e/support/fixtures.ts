import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { API_KEY, BASE_URL, ORIGIN_DIR, ROOT } from '../scripts/harness.mjs';

export { expect };
export { API_KEY, BASE_URL, ORIGIN_DIR, ROOT };

/**
 * `api`: a request context on the e2e server's API (`/api/v1/…` paths) with the API key, to
 * read seed data or prepare state: `await api.get('/api/v1/health')`.
 */
export const test = base.extend<{ api: APIRequestContext }>({
  api: async ({ playwright }, use) => {
    const context = await playwright.request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { 'x-api-key': API_KEY } });
    await use(context);
    await context.dispose();
  },
});

export interface OpsResult {
  code: number | null;
  out: string;
  err: string;
}

/** Run an ops command (release | rollback | promote | abort | status) against the e2e server's origin. */
export function ops(command: 'release' | 'rollback' | 'promote' | 'abort' | 'status', ...args: string[]): OpsResult {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'platform', 'ops', `${command}.mjs`), ...args], {
    env: { ...process.env, ORIGIN_DIR, ORIGIN_S3_BUCKET: '' },
    encoding: 'utf8',
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

export interface RegistryFile {
  remotes: Record<
    string,
    { current: string; history: { version: string; entry: string; publishedAt: string }[]; canary?: { version: string; percent: number; startedAt: string } }
  >;
}

export function readRegistry(): RegistryFile {
  return JSON.parse(fs.readFileSync(path.join(ORIGIN_DIR, 'remotes.json'), 'utf8')) as RegistryFile;
}
