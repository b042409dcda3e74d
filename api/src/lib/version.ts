import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../paths';

// Set by scripts/build.mjs in the compiled server; absent under tsx.
declare const __TAQUILLA_VERSION__: string | undefined;
declare const __TAQUILLA_BUILD__: string | undefined;

/**
 * What this process runs, for `/api/v1/health` and the logs: `version` is the API's
 * package.json version, `build` the commit it was compiled from (`config.buildId`, BUILD_ID,
 * overrides it, e.g. an image tag; `dev` when run from source).
 */
export function serverVersion(buildId: string | undefined): { version: string; build: string } {
  return {
    version:
      typeof __TAQUILLA_VERSION__ === 'string'
        ? __TAQUILLA_VERSION__
        : (JSON.parse(readFileSync(path.join(REPO_ROOT, 'api', 'package.json'), 'utf8')) as { version: string }).version,
    build: buildId || (typeof __TAQUILLA_BUILD__ === 'string' ? __TAQUILLA_BUILD__ : 'dev'),
  };
}
