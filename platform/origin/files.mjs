// What the remote origin holds and how each file is served: one set of rules for the release
// commands (which set them on the objects of a bucket) and the server (which sends them).
import path from 'node:path';
import mime from 'mime';

export const NO_STORE = 'no-store';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** rspack's `[name].[contenthash:10].ext` (and any ≥8-hex content hash). */
const HASHED = /[.-][0-9a-f]{8,}\.(?:js|mjs|css|svg|png|jpe?g|gif|webp|avif|woff2?|json)$/;
/** The small files that decide which code runs: never cached, never served from a precompressed copy. */
export const ALWAYS_FRESH = new Set(['index.html', 'mf-manifest.json', 'mf-stats.json', 'remoteEntry.js', 'remotes.json']);
/** Worth a brotli/gzip copy made at release time (platform/ops/precompress.mjs). */
const COMPRESSIBLE = /\.(?:js|mjs|css|json|svg|txt|map)$/;

/**
 * Cache-Control of a static file: whatever decides which code runs is `no-store` (a release or
 * rollback is seen on the next page load), content-hashed files are immutable for a year, the
 * rest is revalidated. A precompressed copy is cached like the file it stands for.
 */
export function cacheControlFor(filePath) {
  const name = path.basename(filePath).replace(/\.(?:br|gz)$/, '');
  if (ALWAYS_FRESH.has(name) || name.endsWith('.html')) return NO_STORE;
  return HASHED.test(name) ? IMMUTABLE : 'no-cache';
}

/** Content-Type as @fastify/static sends it (the `mime` table; UTF-8 for text, JSON and JS). */
export function contentTypeFor(filePath) {
  const type = mime.getType(filePath.replace(/\.(?:br|gz)$/, '')) || 'application/octet-stream';
  return /^(?:text\/|application\/javascript|application\/json)/.test(type) ? `${type}; charset=utf-8` : type;
}

/** A file that may have a `.br` / `.gz` copy beside it (small ones do not: see precompress.mjs). */
export function mayHaveCompressedCopy(filePath) {
  const name = path.basename(filePath);
  return COMPRESSIBLE.test(name) && !ALWAYS_FRESH.has(name);
}

/**
 * A path under the origin root that the storefront serves: `<remote>/<version>/<file…>`, every
 * segment plain (no `..`, nothing hidden such as a release's temp folder). The registry is served
 * by its own route; nothing else in the origin (the audit log, the lock) is public.
 */
export function servablePath(relative) {
  const segments = relative.split('/');
  return segments.length >= 3 && segments.every((s) => /^[\w@+~-][\w.@+~-]*$/.test(s));
}
