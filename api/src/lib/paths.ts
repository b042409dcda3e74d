import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (three levels above api/src/lib). Its own file: the database client needs it without the whole configuration. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
