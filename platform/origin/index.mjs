// The remote origin: where released remotes and the registry live, for the ops commands
// (release / rollback / status) and for the server that serves them (api storefront plugin).
// Two backends behind one interface:
//   - a local folder (default: `.origin/` or ORIGIN_DIR) — one machine;
//   - an S3-compatible bucket (ORIGIN_S3_BUCKET) with the registry in PostgreSQL — any number
//     of machines, each reading the same origin.
// The AWS SDK and pg are loaded only when a bucket is configured.
import { localOrigin } from './local.mjs';

export { OpsError, parseRegistry, currentActor } from './common.mjs';
export { ALWAYS_FRESH, IMMUTABLE, NO_STORE, cacheControlFor, contentTypeFor, mayHaveCompressedCopy, servablePath } from './files.mjs';

const truthy = (value) => /^(?:1|true|yes|on)$/i.test(value ?? '');
const falsy = (value) => /^(?:0|false|no|off)$/i.test(value ?? '');

/** How long a server keeps the registry it read from a bucket origin before reading it again. */
export const DEFAULT_S3_CACHE_MS = 1000;

/**
 * The origin described by the environment:
 *   ORIGIN_S3_BUCKET set → the bucket (ORIGIN_S3_PREFIX, ORIGIN_S3_ENDPOINT, ORIGIN_S3_REGION or
 *   AWS_REGION, ORIGIN_S3_FORCE_PATH_STYLE; credentials AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY
 *   (/ AWS_SESSION_TOKEN), else the AWS SDK's usual chain) and its registry in ORIGIN_DATABASE_URL or
 *   DATABASE_URL; otherwise the folder `dir` (ORIGIN_DIR, resolved by the caller).
 * ORIGIN_CACHE_MS: the servers' registry cache (default 1000 ms for a bucket, 0 for a folder).
 */
export function originConfigFromEnv(env = process.env, { dir } = {}) {
  const cacheMs = env.ORIGIN_CACHE_MS !== undefined && env.ORIGIN_CACHE_MS !== '' ? Number(env.ORIGIN_CACHE_MS) : undefined;
  if (cacheMs !== undefined && !(Number.isFinite(cacheMs) && cacheMs >= 0)) {
    throw new Error(`ORIGIN_CACHE_MS debe ser un número de milisegundos ≥ 0 (es "${env.ORIGIN_CACHE_MS}").`);
  }
  const bucket = env.ORIGIN_S3_BUCKET?.trim();
  if (!bucket) {
    if (!dir) throw new Error('originConfigFromEnv: sin ORIGIN_S3_BUCKET hace falta la carpeta del origen (dir).');
    return { kind: 'dir', dir, cacheMs: cacheMs ?? 0 };
  }
  const endpoint = env.ORIGIN_S3_ENDPOINT?.trim() || undefined;
  return {
    kind: 's3',
    bucket,
    prefix: (env.ORIGIN_S3_PREFIX ?? '').trim().replace(/^\/+|\/+$/g, ''),
    endpoint,
    region: env.ORIGIN_S3_REGION?.trim() || env.AWS_REGION?.trim() || env.AWS_DEFAULT_REGION?.trim() || 'us-east-1',
    // Self-hosted stores (MinIO, Ceph, s3rver) want path-style URLs; AWS itself wants virtual hosts.
    forcePathStyle: truthy(env.ORIGIN_S3_FORCE_PATH_STYLE) || (!!endpoint && !falsy(env.ORIGIN_S3_FORCE_PATH_STYLE)),
    // Keys given in the environment are taken now (the config is what was read, whatever
    // process.env holds later); without them the SDK's own chain applies (profile, IAM role…).
    credentials:
      env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
            ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
          }
        : undefined,
    databaseUrl: env.ORIGIN_DATABASE_URL?.trim() || env.DATABASE_URL?.trim() || undefined,
    cacheMs: cacheMs ?? DEFAULT_S3_CACHE_MS,
  };
}

/** Opens the origin a config describes (close() it when done: a bucket holds connections). */
export async function openOrigin(config) {
  if (config.kind === 'dir') return localOrigin(config.dir);
  const { s3Origin } = await import('./s3.mjs');
  return s3Origin(config);
}
