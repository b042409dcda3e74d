// The origin as an S3-compatible bucket (AWS SDK v3): version files at
// <prefix>/<remote>/<version>/<file>, each with its Content-Type and Cache-Control, and the
// brotli/gzip copies beside them (Content-Encoding set). The registry and the audit log live in
// PostgreSQL (pg-registry.mjs): the bucket only ever receives new keys of a new version, so
// nothing in it depends on the store supporting conditional writes (decision 0023).
import fs from 'node:fs';
import path from 'node:path';
import pLimit from 'p-limit';
import { OpsError } from './common.mjs';
import { cacheControlFor, contentTypeFor } from './files.mjs';
import { PgRegistry } from './pg-registry.mjs';

const MANIFEST = 'mf-manifest.json';
const UPLOADS_AT_ONCE = 8;

const statusOf = (error) => error?.$metadata?.httpStatusCode;
const isMissing = (error) => error?.name === 'NoSuchKey' || error?.name === 'NotFound' || statusOf(error) === 404;

/** Every file under `dir`, as paths relative to it with `/` separators. */
function filesUnder(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** @param {import('./index.mjs').S3OriginConfig} config */
export async function s3Origin(config) {
  const { S3Client, GetObjectCommand, HeadObjectCommand, PutObjectCommand, ListObjectsV2Command, DeleteObjectsCommand } = await import('@aws-sdk/client-s3');
  if (!config.databaseUrl) {
    throw new OpsError('Un origen en un bucket guarda su registro en PostgreSQL: define ORIGIN_DATABASE_URL (o DATABASE_URL).');
  }
  const { bucket, prefix } = config;
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
  const location = `s3://${bucket}${prefix ? `/${prefix}` : ''}`;
  const registry = new PgRegistry({ databaseUrl: config.databaseUrl, originId: location });
  const keyOf = (relative) => (prefix ? `${prefix}/${relative}` : relative);
  const versionKey = (remote, version) => keyOf(`${remote}/${version}/`);

  async function keysUnder(keyPrefix) {
    const keys = [];
    let token;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: keyPrefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  return {
    kind: 's3',
    location,
    registryLocation: registry.location,

    readRegistry: () => registry.read(),
    updateRegistry: (change, who) => registry.update(change, who),
    readAudit: (limit) => registry.audit(limit),
    lockRemote: (remote) => registry.lockRemote(remote),

    /** A version exists once its manifest is in the bucket (the manifest is uploaded last). */
    async hasVersion(remote, version) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(`${remote}/${version}/${MANIFEST}`) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    /**
     * Uploads every file of `source`, the manifest last: until it is there the version does
     * not exist (hasVersion), and a release that died half-way can simply be run again.
     */
    async putVersion(remote, version, source) {
      const files = filesUnder(source);
      const put = (file) => {
        const body = fs.readFileSync(path.join(source, file));
        const encoding = file.endsWith('.br') ? 'br' : file.endsWith('.gz') ? 'gzip' : undefined;
        return client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: keyOf(`${remote}/${version}/${file}`),
            Body: body,
            ContentType: contentTypeFor(file),
            CacheControl: cacheControlFor(file),
            ...(encoding ? { ContentEncoding: encoding } : {}),
          }),
        );
      };
      const limit = pLimit(UPLOADS_AT_ONCE);
      await Promise.all(files.filter((f) => f !== MANIFEST).map((file) => limit(() => put(file))));
      if (files.includes(MANIFEST)) await put(MANIFEST);
      return `${location}/${remote}/${version}/`;
    },

    /** Deletes a version's objects: only for a release that failed before it reached the registry. */
    async removeVersion(remote, version) {
      const keys = await keysUnder(versionKey(remote, version));
      // The manifest first: the version stops existing before its files go.
      keys.sort((a, b) => Number(b.endsWith(`/${MANIFEST}`)) - Number(a.endsWith(`/${MANIFEST}`)));
      for (let i = 0; i < keys.length; i += 1000) {
        await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })) } }));
      }
    },

    async readFile(relative) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(relative) }));
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    /**
     * One object for the server to send: its body as a stream (none for `head`), or
     * `{ notModified: true }` when `ifNoneMatch` still matches, or null when it does not exist.
     */
    async getObject(relative, { ifNoneMatch, head = false } = {}) {
      const input = { Bucket: bucket, Key: keyOf(relative), ...(ifNoneMatch ? { IfNoneMatch: ifNoneMatch } : {}) };
      try {
        const object = await client.send(head ? new HeadObjectCommand(input) : new GetObjectCommand(input));
        return {
          body: head ? null : object.Body,
          contentType: object.ContentType,
          contentLength: object.ContentLength,
          contentEncoding: object.ContentEncoding,
          etag: object.ETag,
          lastModified: object.LastModified,
        };
      } catch (error) {
        if (statusOf(error) === 304) return { notModified: true };
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async close() {
      client.destroy();
      await registry.close();
    },
  };
}
