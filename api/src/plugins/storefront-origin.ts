import fs from 'node:fs';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { cacheControlFor, contentTypeFor, mayHaveCompressedCopy, servablePath, type Origin } from '@taquilla/platform/origin';
import { acceptedCopies } from '../lib/precompressed';

/**
 * What the storefront reads from the remote origin (platform/origin): the registry, the
 * manifests it inlines into index.html and the remotes' first-screen declarations (in their
 * taquilla-contract.json), and — for a bucket — the files under `/remotes/`.
 *
 * A local folder's registry is read again whenever the file changed (one stat per call: a
 * release or rollback is seen at once). A bucket's
 * registry (kept in PostgreSQL) is kept `cacheMs` (ORIGIN_CACHE_MS, 1 s) and then read again, by
 * one request while the others wait for it, so every machine serves a release within about a
 * second; if the read fails the last registry read is served and the failure logged. Manifests
 * live inside immutable version folders: a bucket's are kept once read.
 */
export interface StorefrontOrigin {
  /** The registry as served (`raw`) and parsed (null when it is not valid JSON); null when there is none. */
  registry(): Promise<{ raw: string; parsed: unknown } | null>;
  /** A JSON file of a version folder (its mf-manifest.json, its taquilla-contract.json) by its path under the origin root, parsed; null when missing or not JSON. */
  manifest(entry: string): Promise<unknown>;
}

const MANIFESTS_KEPT = 200;

function parse(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function storefrontOrigin(origin: Origin, cacheMs: number, log: FastifyBaseLogger): StorefrontOrigin {
  if (origin.kind === 'dir') {
    // The registry file's identity (inode, size, mtime) as last read: the ops commands replace
    // it by rename, a test or a hand edit may write it in place; either changes the identity.
    let kept: { stamp: string; value: { raw: string; parsed: unknown } | null } | null = null;
    return {
      async registry() {
        let stamp = 'none';
        try {
          // One stat on the calling thread (microseconds), not a read: the file is read only when it changed.
          const st = fs.statSync(origin.registryLocation, { bigint: true });
          stamp = `${st.ino}:${st.size}:${st.mtimeNs}`;
        } catch {
          // missing: no registry
        }
        if (kept?.stamp === stamp) return kept.value;
        const raw = (await origin.readFile('remotes.json'))?.toString('utf8');
        kept = { stamp, value: raw === undefined ? null : { raw, parsed: parse(raw) } };
        return kept.value;
      },
      async manifest(entry) {
        const raw = await origin.readFile(entry);
        return raw ? parse(raw.toString('utf8')) : null;
      },
    };
  }

  let cached: { value: { raw: string; parsed: unknown }; at: number } | null = null;
  let reading: Promise<{ raw: string; parsed: unknown } | null> | null = null;
  const manifests = new Map<string, unknown>();

  const readRegistry = async () => {
    try {
      const parsed = await origin.readRegistry();
      cached = { value: { raw: JSON.stringify(parsed), parsed }, at: Date.now() };
    } catch (error) {
      log.warn({ err: error, origin: origin.location }, 'remote registry unreadable: serving the last one read');
      // Try again on the next request, not on every one while the database is away.
      if (cached) cached.at = Date.now();
    }
    return cached?.value ?? null;
  };

  return {
    async registry() {
      if (cached && Date.now() - cached.at < cacheMs) return cached.value;
      reading ??= readRegistry().finally(() => {
        reading = null;
      });
      return reading;
    },
    async manifest(entry) {
      if (manifests.has(entry)) return manifests.get(entry);
      let raw: Buffer | null;
      try {
        raw = await origin.readFile(entry);
      } catch (error) {
        log.warn({ err: error, entry }, 'remote manifest unreadable');
        return null;
      }
      const manifest = raw ? parse(raw.toString('utf8')) : null;
      if (manifest !== null) {
        if (manifests.size >= MANIFESTS_KEPT) manifests.delete(manifests.keys().next().value!);
        manifests.set(entry, manifest);
      }
      return manifest;
    },
  };
}

const MISSING_COPIES_KEPT = 10_000;

/**
 * `/remotes/<remote>/<version>/<file>` proxied from a bucket origin, as @fastify/static sends a
 * folder's files: the `.br` / `.gz` copy when the browser accepts it, the caching of
 * cacheControlFor, ETag and Last-Modified with 304 for a matching If-None-Match. Nothing else
 * in the bucket is served. A file found without copies is remembered (version files never change).
 */
export function bucketFileHandler(origin: Origin) {
  const getObject = origin.getObject!.bind(origin);
  const missingCopies = new Set<string>();
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const relative = (request.params as { '*'?: string })['*'] ?? '';
    if (!servablePath(relative)) return reply.callNotFound();
    const ifNoneMatch = typeof request.headers['if-none-match'] === 'string' ? request.headers['if-none-match'] : undefined;
    const copies = mayHaveCompressedCopy(relative) ? acceptedCopies(request.headers['accept-encoding']) : [];
    const candidates = [...copies.map((c) => ({ key: relative + c.suffix, encoding: c.encoding })), { key: relative, encoding: undefined }];
    try {
      const absent: string[] = [];
      for (const { key, encoding } of candidates) {
        if (encoding && missingCopies.has(key)) continue;
        const object = await getObject(key, { ifNoneMatch, head: request.method === 'HEAD' });
        if (!object) {
          absent.push(key);
          continue;
        }
        // The file exists without those copies (a small one): do not ask for them again.
        if (!encoding && absent.length) {
          if (missingCopies.size + absent.length > MISSING_COPIES_KEPT) missingCopies.clear();
          for (const copy of absent) missingCopies.add(copy);
        }
        reply.header('cache-control', cacheControlFor(relative));
        if ('notModified' in object) return reply.code(304).send();
        reply.type(object.contentType ?? contentTypeFor(relative));
        if (object.etag) reply.header('etag', object.etag);
        if (object.lastModified) reply.header('last-modified', object.lastModified.toUTCString());
        if (encoding) reply.header('content-encoding', encoding);
        if (object.contentLength !== undefined) reply.header('content-length', object.contentLength);
        return reply.send(object.body ?? undefined);
      }
      return reply.callNotFound();
    } catch (error) {
      request.log.error({ err: error, key: relative, origin: origin.location }, 'remote origin unreachable');
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .header('retry-after', '2')
        .send({ statusCode: 503, error: 'Service Unavailable', message: 'El origen de los remotos no responde; vuelve a intentarlo en unos segundos.' });
    }
  };
}
