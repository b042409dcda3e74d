import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { NO_STORE, cacheControlFor, openOrigin, servablePath, type OriginConfig } from '@taquilla/platform/origin';
import { LANDING_PAGES } from '@taquilla/shared/landing';
import { API_KEY_HEADER, type RuntimeConfig } from '@taquilla/shared/runtime-config';
import { publicUrlFor } from '../mail/public-url';
import { notFoundHandler } from './error-handler';
import { sendPrecompressed } from '../lib/precompressed';
import { isLandingPath, storefrontHtml } from './storefront-html';
import { LandingPages } from './storefront-pages';
import { bucketFileHandler, storefrontOrigin } from './storefront-origin';

/**
 * The storefront on the API's origin: the shell build at `/` (SPA fallback to its
 * index.html), the remote origin at `/remotes/<remote>/<version>/…`, the registry at
 * `/remotes/remotes.json` and the runtime config at `/config.json`.
 *
 * The remote origin (platform/origin) is the local folder `originDir` (one machine), or the
 * bucket the environment names (ORIGIN_S3_BUCKET…, registry in PostgreSQL): then every API
 * machine serves the same releases, `/remotes/**` proxied from the bucket on this same origin
 * (so the CSP is unchanged), and reads the registry again after ORIGIN_CACHE_MS (1 s).
 *
 * Caching (cacheControlFor, platform/origin/files.mjs): everything that decides *which* code
 * runs (config, registry, manifests, remoteEntry.js, index.html) is `no-store`, so a release or
 * rollback is seen on the next page load; content-hashed files never change and are cached for
 * a year.
 *
 * Static files are sent as the `.br` / `.gz` copy made at release time (platform/ops/precompress.mjs)
 * when the browser accepts it; anything without a copy is compressed on the fly (compression.ts).
 * index.html carries the config and registry inline (storefront-html.ts); each page is built
 * once and sent from memory, compressed once, until a release, a catalogue or (for an event's
 * page) an availability change (storefront-pages.ts).
 */
export interface StorefrontOptions {
  shellDir: string;
  /** The local origin folder (ORIGIN_DIR; default `.origin/`). */
  originDir: string;
  /** The origin to serve instead; default: the app's (`app.remoteOriginConfig`: the configured one, a folder origin at `originDir`). */
  origin?: OriginConfig;
}

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

function setCorsHeaders(reply: FastifyReply): void {
  // Remote bundles are public static files; another origin (a shell on a CDN, a dev server)
  // may load them.
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-allow-methods', 'GET, HEAD, OPTIONS');
  reply.header('access-control-allow-headers', '*');
  // Accept-Encoding: the same URL is sent as .br, .gz or plain (preCompressed below).
  reply.header('vary', 'Origin, Accept-Encoding');
}

function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = request.url.split('?')[0] ?? '';
  if (url === '/api' || url.startsWith('/api/') || url === '/remotes' || url.startsWith('/remotes/')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

async function storefront(app: FastifyInstance, opts: StorefrontOptions): Promise<void> {
  const shellDir = path.resolve(opts.shellDir);
  const originDir = path.resolve(opts.originDir);
  const originConfig = opts.origin ?? app.remoteOriginConfig;
  const origin = await openOrigin(originConfig);
  app.addHook('onClose', () => origin.close());
  const source = storefrontOrigin(origin, originConfig.cacheMs, app.log);
  // Fixed for the life of the process, so every page load sees the same countdown target.
  const launchDate = app.config.storefront.launchDate ?? new Date(Date.now() + THIRTY_DAYS_MS).toISOString();

  const runtimeConfig = (request: FastifyRequest): RuntimeConfig => ({
    apiBaseUrl: '/api/v1',
    apiKey: app.config.apiKey,
    registryUrl: '/remotes/remotes.json',
    launchDate,
    publicUrl: publicUrlFor(request, app.config.publicUrl),
    allowRemoteOverrides: app.config.allowRemoteOverrides,
  });

  app.get('/config.json', async (request, reply) => reply.header('cache-control', NO_STORE).send(runtimeConfig(request)));

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/remotes/')) return;
    setCorsHeaders(reply);
    if (request.method === 'OPTIONS') return reply.status(204).send();
    // Only the registry and the version folders are public: not the audit log, a lock or a
    // release's temp folder.
    const relative = request.url.slice('/remotes/'.length).split('?')[0] ?? '';
    let decoded = '';
    try {
      decoded = decodeURIComponent(relative);
    } catch {
      // not a path we serve
    }
    if (decoded !== 'remotes.json' && !servablePath(decoded)) return notFoundHandler(request, reply);
  });

  // A folder's registry is read on every request (the ops commands replace it atomically:
  // temp + rename); a bucket's is kept a second (storefront-origin.ts).
  app.get('/remotes/remotes.json', async (_request, reply) => {
    reply.header('cache-control', NO_STORE);
    const registry = await source.registry();
    if (!registry) {
      return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No hay registro de remotos publicado (pnpm release <remoto>).' });
    }
    return reply.type('application/json; charset=utf-8').send(registry.raw);
  });

  if (origin.kind === 'dir') {
    fs.mkdirSync(originDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: originDir,
      prefix: '/remotes/',
      decorateReply: false,
      preCompressed: true,
      cacheControl: false,
      index: false,
      list: false,
      setHeaders: (res, filePath) => res.setHeader('cache-control', cacheControlFor(filePath)),
    });
  } else {
    app.route({ method: ['GET', 'HEAD'], url: '/remotes/*', exposeHeadRoute: false, handler: bucketFileHandler(origin) });
  }

  const indexFile = path.join(shellDir, 'index.html');
  if (fs.existsSync(shellDir)) {
    await app.register(fastifyStatic, {
      root: shellDir,
      prefix: '/',
      decorateReply: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', cacheControlFor(filePath));
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  } else {
    app.log.warn({ shellDir }, 'shell build not found: run `pnpm --filter @taquilla/shell build`');
  }

  // A landing page's first public answers, read in process through the API's own route (same
  // validation, caching and errors as a browser's request) to be inlined into the page.
  const readApi = async (config: RuntimeConfig, url: string): Promise<unknown> => {
    const res = await app.inject({ method: 'GET', url: `${config.apiBaseUrl}${url}`, headers: { [API_KEY_HEADER]: config.apiKey } });
    return res.statusCode === 200 ? res.json() : null;
  };

  const pages = new LandingPages(app.catalogo, () => app.disponibilidad.hub, app.log);
  app.addHook('onClose', async () => pages.close());

  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const pathname = request.url.split('?')[0] ?? '/';
      const config = runtimeConfig(request);
      // Pages differ by their landing path (any other route gets the same page) and the config's public URL.
      const key = `${isLandingPath(pathname) ? pathname : '*'}\n${config.publicUrl}`;
      const page = await pages.get(key, {
        registry: async () => (await source.registry())?.raw,
        build: async () =>
          storefrontHtml(await fs.promises.readFile(indexFile, 'utf8'), { pathname, config, origin: source, readApi: (url) => readApi(config, url) }),
      });
      reply.header('cache-control', NO_STORE);
      return sendPrecompressed(request, reply, page, 'text/html; charset=utf-8');
    } catch {
      return reply
        .status(503)
        .header('cache-control', NO_STORE)
        .type('text/plain; charset=utf-8')
        .send('La tienda no está compilada todavía: ejecuta `npm start` (o `pnpm --filter @taquilla/shell build`).');
    }
  };

  // `/` is the shell too (it redirects to /eventos in the browser); the static plugin only
  // registers `/*`, so this route takes `/` before it.
  app.get('/', sendShell);
  // The landing pages have routes of their own too, so a page request does not go through the
  // static plugin's `/*` first (a file-system lookup per request before the fallback below).
  const landing = async (request: FastifyRequest, reply: FastifyReply) => (wantsHtml(request) ? sendShell(request, reply) : notFoundHandler(request, reply));
  for (const { paths } of Object.values(LANDING_PAGES)) {
    for (const url of paths) if (url !== '/') for (const route of [url, `${url}/`]) app.get(route, landing);
  }

  // SPA fallback: a page request for any client route gets the shell, which renders the
  // route (or its 404 page). API and remote-origin misses stay JSON 404s.
  app.setNotFoundHandler(async (request, reply) => {
    if (!wantsHtml(request)) return notFoundHandler(request, reply);
    return sendShell(request, reply);
  });
}

export const storefrontPlugin = fp(storefront, { name: 'taquilla-storefront', decorators: { fastify: ['catalogo', 'disponibilidad', 'remoteOriginConfig'] } });
