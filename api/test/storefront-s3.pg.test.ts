import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startTestS3, type TestS3 } from '@taquilla/platform/test-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app';
import { pgScratchDatabase } from './support/pg-scratch';

/**
 * Two API machines on one bucket origin (a local S3 server, s3rver, through the same AWS SDK
 * client as production; the registry in PostgreSQL): a release or rollback made with the ops
 * commands is served by both within two seconds, and a page from one never asks the other for a
 * chunk it does not have. Each app has its own storefront plugin, so its own registry cache,
 * as two processes would.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const html = { accept: 'text/html' };
let s3: TestS3;
let scratch: Awaited<ReturnType<typeof pgScratchDatabase>>;
let env: Record<string, string>;
let tmp: string;
const apps: TestApp[] = [];
let bucketStopped = false;

/** A catalog build: manifest, remoteEntry.js, the list module's hashed JS (with a brotli-worthy size) and CSS. */
function build(version: string): string {
  const dir = path.join(tmp, `catalog-${version}`);
  fs.mkdirSync(dir, { recursive: true });
  const hash = Buffer.from(version).toString('hex').padEnd(10, '0').slice(0, 10);
  const js = `__federation_expose_EventList.${hash}.js`;
  const css = `list.${hash}.css`;
  fs.writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ name: 'EventList', assets: { js: { sync: [js] }, css: { sync: [css] } } }],
    }),
  );
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `// catalog ${version}\n`);
  fs.writeFileSync(path.join(dir, js), Array.from({ length: 400 }, (_, i) => `export const v${i} = '${version}-${i}';`).join('\n'));
  fs.writeFileSync(path.join(dir, css), `.lista{color:#123}/* ${version} */`);
  return dir;
}

/** An ops command as a child process (async: the S3 server answers from this process). */
/** These fake builds pass no compatibility gate (its own tests: platform/ops/gate/): they go out with --force. */
const FORCE = ['--force', '--reason', 'compilación de prueba'];

function ops(command: string, ...args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'platform', 'ops', `${command}.mjs`), ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('close', (code) => resolve({ code, out }));
  });
}

const current = async (t: TestApp) =>
  ((await t.app.inject('/remotes/remotes.json')).json() as { remotes: Record<string, { current: string }> }).remotes.catalog?.current;

/** Milliseconds until every app serves `version` as catalog's current one. */
async function untilServed(version: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    const seen = await Promise.all(apps.map(current));
    if (seen.every((v) => v === version)) return Date.now() - started;
    if (Date.now() - started > 10_000) throw new Error(`after 10 s the apps serve ${seen.join(', ')}, not ${version}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The catalog files a page of `/eventos` asks for: its preload links and its inlined manifest. */
function pageFiles(body: string): string[] {
  const links = [...body.matchAll(/<link rel="preload" href="(\/remotes\/[^"]+)"/g)].map(([, href]) => href!);
  const manifests = [...body.matchAll(/data-url="(\/remotes\/catalog\/[^"]+\/mf-manifest\.json)"/g)].map(([, href]) => href!);
  return [...links, ...manifests];
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-s3-'));
  const shellDir = path.join(tmp, 'shell');
  fs.mkdirSync(shellDir);
  fs.writeFileSync(path.join(shellDir, 'index.html'), '<!doctype html><html><head><title>T</title></head><body><div id="root"></div></body></html>');
  s3 = await startTestS3();
  scratch = await pgScratchDatabase('origin');
  env = { ...s3.env, ORIGIN_S3_PREFIX: 'tienda', ORIGIN_DATABASE_URL: scratch.url };
  for (let i = 0; i < 2; i += 1) {
    // originDir is never used: the environment names the bucket.
    apps.push(await buildTestApp({ storefront: { shellDir, originDir: path.join(tmp, 'unused-origin') }, env, database: scratch.database }));
  }
  const first = await ops('release', 'catalog', '--version', '1.0.0', '--dist', build('1.0.0'), ...FORCE);
  expect(first.code, first.out).toBe(0);
  await untilServed('1.0.0');
});
afterAll(async () => {
  for (const t of apps) await t.close();
  await scratch?.close();
  if (!bucketStopped) await s3?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('two API apps on one bucket origin', () => {
  it('a release through the ops commands is served by both within 2 s: registry, inlined manifest, files', async () => {
    const released = await ops('release', 'catalog', '--version', '1.1.0', '--dist', build('1.1.0'), '--force', '--reason', 'nueva lista');
    expect(released.code, released.out).toBe(0);
    expect(released.out).toContain('publicado en s3://taquilla-origin/tienda/catalog/1.1.0/');
    expect(await untilServed('1.1.0')).toBeLessThan(2000);
    for (const t of apps) {
      expect(fs.existsSync(path.join(tmp, 'unused-origin', 'remotes.json'))).toBe(false);
      const page = await t.app.inject({ url: '/eventos', headers: html });
      const files = pageFiles(page.body);
      expect(files).toEqual(
        expect.arrayContaining([
          '/remotes/catalog/1.1.0/list.312e312e30.css',
          '/remotes/catalog/1.1.0/remoteEntry.js',
          '/remotes/catalog/1.1.0/__federation_expose_EventList.312e312e30.js',
          '/remotes/catalog/1.1.0/mf-manifest.json',
        ]),
      );
      for (const url of files) {
        const res = await t.app.inject(url);
        expect(res.statusCode, url).toBe(200);
        const file = path.join(tmp, 'catalog-1.1.0', path.basename(url));
        expect(res.body, url).toBe(fs.readFileSync(file, 'utf8'));
        expect(res.headers['access-control-allow-origin']).toBe('*');
      }
    }
  });

  it('sends each file with its caching and type, the brotli copy when accepted, 304 when unchanged', async () => {
    const [a] = apps;
    const chunk = '/remotes/catalog/1.1.0/__federation_expose_EventList.312e312e30.js';
    const plain = await a!.app.inject(chunk);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(plain.headers.vary).toBe('Origin, Accept-Encoding');
    const br = await a!.app.inject({ url: chunk, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await a!.app.inject({ url: chunk, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const res = await a!.app.inject(`/remotes/catalog/1.1.0/${file}`);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-encoding']).toBeUndefined();
    }
    expect((await a!.app.inject('/remotes/remotes.json')).headers['cache-control']).toBe('no-store');
    const etag = plain.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await a!.app.inject({ url: chunk, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await a!.app.inject({ method: 'HEAD', url: chunk });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBe(plain.rawPayload.length);
  });

  it('a missing file is a 404, and nothing but version folders is served from the bucket', async () => {
    const [a] = apps;
    for (const url of [
      '/remotes/catalog/9.9.9/remoteEntry.js',
      '/remotes/catalog/1.1.0/nope.js',
      '/remotes/catalog',
      '/remotes/catalog/1.1.0/',
      '/remotes/catalog/..%2F..%2Fx/y',
    ]) {
      const res = await a!.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('id="root"');
    }
  });

  it('chunk requests never 404 whichever app answers, through a release and a rollback', async () => {
    let done = false;
    const failures: string[] = [];
    const versions = new Set<string>();
    const browse = async () => {
      for (let i = 0; !done; i += 1) {
        // The page from one machine, its files from the other (a round-robin balancer).
        const page = await apps[i % 2]!.app.inject({ url: '/eventos', headers: html });
        const files = pageFiles(page.body);
        for (const url of files) {
          versions.add(url.split('/')[3]!);
          const res = await apps[(i + 1) % 2]!.app.inject(url);
          if (res.statusCode !== 200) failures.push(`${res.statusCode} ${url}`);
        }
        if (files.length === 0) failures.push('a page with no catalog files');
      }
    };
    const browsing = browse();
    const released = await ops('release', 'catalog', '--version', '1.2.0', '--dist', build('1.2.0'), ...FORCE);
    expect(released.code, released.out).toBe(0);
    expect(await untilServed('1.2.0')).toBeLessThan(2000);
    const rolledBack = await ops('rollback', 'catalog', '--reason', 'la 1.2.0 no convence');
    expect(rolledBack.code, rolledBack.out).toBe(0);
    expect(rolledBack.out).toContain('catalog: 1.2.0 → 1.1.0');
    expect(await untilServed('1.1.0')).toBeLessThan(2000);
    done = true;
    await browsing;
    expect(failures).toEqual([]);
    expect([...versions].sort()).toEqual(['1.1.0', '1.2.0']);
  });

  it('status shows the changes that reached the servers, with who and why', async () => {
    const status = await ops('status');
    expect(status.out).toMatch(/catalog cambió 1\.2\.0 → 1\.1\.0 {2}por \S+ — «la 1\.2\.0 no convence»/);
    expect(status.out).toMatch(/catalog publicó con --force \(sin la puerta\) 1\.0\.0 → 1\.1\.0 {2}por \S+ — «nueva lista»/);
  });

  it('with the bucket unreachable a file answers 503 with Retry-After (never a 500), the page still comes', async () => {
    await s3.close();
    bucketStopped = true;
    const [a] = apps;
    const res = await a!.app.inject('/remotes/catalog/1.2.0/remoteEntry.js');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().message).toBe('El origen de los remotos no responde; vuelve a intentarlo en unos segundos.');
    const page = await a!.app.inject({ url: '/eventos', headers: html });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="root"');
  });
});
