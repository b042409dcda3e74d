import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Repository root: two levels above this file, which holds from the source (api/src/paths.ts)
 * and from the compiled server (api/dist/main.mjs) alike — keep this file directly in src/.
 * Its own file: the database client needs it without the whole configuration.
 */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
