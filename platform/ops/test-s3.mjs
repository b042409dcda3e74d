// A local S3-compatible server for tests (s3rver, files in a temp folder, on a loopback port),
// and the environment that points the ops commands and the API at it:
//
//   import { startTestS3 } from '@taquilla/platform/test-s3';   // or ../ops/test-s3.mjs
//   const s3 = await startTestS3();             // { endpoint, bucket, env, close() }
//   spawn('node', ['platform/ops/release.mjs', …], { env: { ...process.env, ...s3.env, ORIGIN_DATABASE_URL } });
//   await s3.close();
//
// As a command (a fleet script that wants it in its own process; Ctrl+C or SIGTERM stops it):
//   node platform/ops/test-s3.mjs [--port 4569] [--bucket taquilla-origin] [--dir <folder>]
// prints one line `export ORIGIN_S3_…=…` per variable, then serves until stopped.
//
// s3rver ignores If-Match / If-None-Match on PUT (conditional writes): the bucket origin does not
// rely on them (docs/decisions/0023).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** s3rver's built-in account: any S3 client signs with it. */
const CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export async function startTestS3({ bucket = 'taquilla-origin', port = 0, directory } = {}) {
  const { default: S3rver } = await import('s3rver');
  const dir = directory ?? fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-s3-'));
  fs.mkdirSync(dir, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    directory: dir,
    /** What the ops commands and the API read (add ORIGIN_S3_PREFIX to share one bucket). */
    env: {
      ORIGIN_S3_BUCKET: bucket,
      ORIGIN_S3_ENDPOINT: endpoint,
      ORIGIN_S3_FORCE_PATH_STYLE: '1',
      ORIGIN_S3_REGION: 'us-east-1',
      ...CREDENTIALS,
    },
    async close() {
      await server.close();
      if (!directory) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2);
  const option = (name) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const s3 = await startTestS3({ port: Number(option('--port') ?? 0), bucket: option('--bucket'), directory: option('--dir') });
  for (const [key, value] of Object.entries(s3.env)) console.log(`export ${key}=${value}`);
  console.log(`# s3rver en ${s3.endpoint} (bucket ${s3.bucket}, archivos en ${s3.directory}); Ctrl+C para detener`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void s3.close().then(() => process.exit(0)));
}
