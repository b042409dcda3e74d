import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsSuite, runner, V1 } from './ops-suite.mjs';
import { startTestS3 } from './test-s3.mjs';

// release / rollback / status on a bucket origin: a local S3 server (s3rver) through the same
// AWS SDK client as production, the registry and audit log in a PostgreSQL database of its own.
const base = process.env.TEST_DATABASE_URL;
const database = `taquilla_origin_${process.pid}_${Date.now().toString(36)}`;
const databaseUrl = (() => {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
})();
const PREFIX = 'tienda/remotes';
const admin = async (sql) => {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

let s3;
let client;
beforeAll(async () => {
  await admin(`create database "${database}"`);
  s3 = await startTestS3();
  client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  client?.destroy();
  await s3?.close();
  await admin(`drop database if exists "${database}" with (force)`);
});

/** Every object under the prefix with its content, keyed by its path under the origin root. */
async function files() {
  const all = {};
  let token;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${PREFIX}/`, ContinuationToken: token }));
    for (const { Key } of page.Contents ?? []) {
      const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key }));
      all[Key.slice(PREFIX.length + 1)] = await object.Body.transformToString();
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return all;
}

const backend = {
  env: () => ({ ...s3.env, ORIGIN_S3_PREFIX: PREFIX, ORIGIN_DATABASE_URL: databaseUrl, ORIGIN_DIR: '/nonexistent/never-used' }),
  files,
  registry: async () => {
    const status = await runner(backend).run('status', '--json');
    expect(status.code, status.err).toBe(0);
    return JSON.parse(status.out);
  },
  registryFiles: new Set(),
};

describe('on an S3 bucket (registry in PostgreSQL)', () => {
  opsSuite(backend);

  it('every object carries its caching: hashed files immutable, manifest and entry no-store, copies with their encoding', async () => {
    const keys = Object.keys(await files()).filter((k) => k.startsWith(`account/${V1}/`));
    const head = (key) => client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}/${key}` }));
    const manifest = await head(`account/${V1}/mf-manifest.json`);
    expect(manifest.CacheControl).toBe('no-store');
    expect(manifest.ContentType).toBe('application/json; charset=utf-8');
    expect((await head(`account/${V1}/remoteEntry.js`)).CacheControl).toBe('no-store');
    const hashed = keys.find((k) => /\.[0-9a-f]{10}\.js$/.test(k));
    expect(hashed).toBeDefined();
    const chunk = await head(hashed);
    expect(chunk.CacheControl).toBe('public, max-age=31536000, immutable');
    expect(chunk.ContentType).toBe('application/javascript; charset=utf-8');
    const copy = keys.find((k) => k.endsWith('.js.br'));
    expect(copy).toBeDefined();
    const br = await head(copy);
    expect(br.ContentEncoding).toBe('br');
    expect(br.CacheControl).toBe('public, max-age=31536000, immutable');
    expect(br.ContentType).toBe('application/javascript; charset=utf-8');
  });

  it('status names the bucket and the PostgreSQL registry; the registry row is the one the commands wrote', async () => {
    const status = await runner(backend).run('status');
    expect(status.out).toContain(`Registro: PostgreSQL (tabla origin_registry, origen s3://${s3.bucket}/${PREFIX})`);
    expect(status.out).toContain(`Archivos: s3://${s3.bucket}/${PREFIX}`);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query('select registry from origin_registry where origin = $1', [`s3://${s3.bucket}/${PREFIX}`]);
      expect(rows[0].registry).toEqual(await backend.registry());
    } finally {
      await db.end();
    }
  });

  it('without a database for the registry the commands refuse with what to set', async () => {
    const result = await runner({ env: () => ({ ...backend.env(), ORIGIN_DATABASE_URL: '', DATABASE_URL: '' }) }).run('status');
    expect(result.code).not.toBe(0);
    expect(result.err).toMatch(/guarda su registro en PostgreSQL: define ORIGIN_DATABASE_URL \(o DATABASE_URL\)/);
  });
});
