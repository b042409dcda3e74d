import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type FastifyPluginAsyncZod, type ZodTypeProvider } from 'fastify-type-provider-zod';
import './lib/zod-locale';
import { zodResponseSerializer } from './lib/response-serializer';
import fp from 'fastify-plugin';
import { isAppConfig, readConfig, withOverrides, type AppConfig, type ConfigOverrides } from './config';
import { openDatabase, type Database, type Db } from './db/client';
import { seedIfEmpty } from './seed/seed';
import { loggerOptions } from './lib/logger';
import { routeModules } from './modules/index';
import { mailPlugin } from './mail/mail.plugin';
import type { RouteModule } from './modules/types';
import { apiAuthPlugin } from './plugins/auth';
import { errorHandler, notFoundHandler } from './plugins/error-handler';
import { inputGuardPlugin } from './plugins/input-guard';
import { untrustedProxyWarning } from './plugins/untrusted-proxy';
import { mediaRoutes } from './plugins/media';
import { storefrontPlugin } from './plugins/storefront';
import { securityHeadersPlugin } from './plugins/security-headers';
import { compressionPlugin } from './plugins/compression';
import { lifecyclePlugin } from './plugins/lifecycle';
import { metricsPlugin } from './plugins/metrics';
import { childLoggerFor, requestIdFor, requestIdPlugin } from './plugins/request-id';
import type { OriginConfig } from '@taquilla/platform/origin';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: 'pglite' | 'pg';
    /** The one configuration (src/config/), read once; each module reads its slice. */
    config: AppConfig;
    /** The remote origin (registry + releases) this app serves and judges (telemetria): `config.origin` unless buildApp got `storefront.origin`. */
    remoteOriginConfig: OriginConfig;
  }
}

const API_PREFIX = '/api/v1';

/** The configured origin, or the folder buildApp was given (`storefront.originDir`) when the origin is a folder. */
function originIn(origin: OriginConfig, dir: string | undefined): OriginConfig {
  return dir && origin.kind === 'dir' ? { ...origin, dir: path.resolve(dir) } : origin;
}

export interface BuildAppOptions {
  /** An open database. Without it the app opens one from the env (PGlite by default) and closes it on app.close(). */
  db?: Database;
  /** Apply migrations on start (default true). */
  migrate?: boolean;
  /** Seed demo data when the events table is empty (default true). */
  seed?: boolean;
  /** pino logger options, or false. Default: env LOG_LEVEL (info). */
  logger?: FastifyServerOptions['logger'];
  /** Serve the storefront (shell build + remote origin) from this process. */
  storefront?: { shellDir: string; originDir: string; origin?: OriginConfig };
  /**
   * The configuration: a whole one (readConfig's, as main.ts passes it), or overrides of the one
   * read from `env` (`{ holds: { holdMinutes: 0.1 } }`, `{ pagos: … }`, `{ jwtSecret }`).
   */
  config?: AppConfig | ConfigOverrides;
  /** The environment the configuration is read from when `config` is not whole (default process.env). */
  env?: NodeJS.ProcessEnv;
  /**
   * Check every response against its zod schema before it is serialised (default: on unless
   * NODE_ENV=production). Either way the schema serialises the answer (lib/response-serializer).
   */
  validateResponses?: boolean;
  /** Extra route modules (tests, experiments); the real list is modules/index.ts. */
  extraModules?: RouteModule[];
}

export async function buildApp(opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config: AppConfig = isAppConfig(opts.config) ? opts.config : withOverrides(readConfig(opts.env ?? process.env), opts.config);
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config.logLevel),
    // Ids never exceed 10 digits; anything longer is refused by the schemas, not the router.
    routerOptions: { maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    genReqId: requestIdFor,
    requestIdHeader: false,
    childLoggerFactory: childLoggerFor('sin-ruta'),
  }).withTypeProvider<ZodTypeProvider>();

  const database = opts.db ?? (await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir, poolWaitMs: config.poolWaitMs }));
  if (!opts.db) app.addHook('onClose', async () => database.close());
  if (opts.migrate !== false) await database.migrate();
  if (opts.seed !== false) await seedIfEmpty(database.db, app.log, new Date(), { production: config.production, holds: config.holds, pagos: config.pagos });

  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('config', config);
  app.decorate<OriginConfig>('remoteOriginConfig', opts.storefront?.origin ?? originIn(config.origin, opts.storefront?.originDir));

  const validateResponses = opts.validateResponses ?? !config.production;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(zodResponseSerializer({ validate: validateResponses }));
  app.setErrorHandler(errorHandler);
  await app.register(requestIdPlugin);
  await app.register(inputGuardPlugin);
  await app.register(lifecyclePlugin);
  await app.register(metricsPlugin, {
    pool: database.pool,
    sseClients: () => (app.hasDecorator('disponibilidad') ? app.disponibilidad.hub.subscriberCount : 0),
  });
  if (config.trustProxy === false) await app.register(untrustedProxyWarning);
  await app.register(securityHeadersPlugin, {
    remoteOrigins: config.remoteOrigins,
    allowRemoteOverrides: config.allowRemoteOverrides,
    production: config.production,
    apiPrefix: API_PREFIX,
  });

  await app.register(compressionPlugin);

  // The OpenAPI page and document (/api/docs, /api/docs/json), only when configured (API_DOCS).
  if (config.apiDocs) {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Taquilla API', version: '1.0.0', description: 'Boletos para eventos en vivo. Dinero en centavos; tasas en puntos base.' },
        components: {
          securitySchemes: {
            apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
        security: [{ apiKey: [] }],
      },
      transform: jsonSchemaTransform,
    });
    // staticCSP: the docs page sets its own policy (hashes of its inline bootstrap), replacing the storefront's.
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  }
  // biome-ignore lint/nursery/noMisusedPromises: Fastify's register takes async plugins (it awaits them)
  await app.register(mediaRoutes);

  // The mailer every module queues e-mails with (`app.mailer`, service 'correo').
  await app.register(mailPlugin);
  await mountModules(app, [...routeModules, ...(opts.extraModules ?? [])], (api) =>
    api.register(apiAuthPlugin, { apiKey: config.apiKey, jwtSecret: config.jwtSecret, maxSessionAgeSeconds: config.sessionMaxAgeSeconds }),
  );

  if (opts.storefront) await app.register(storefrontPlugin, opts.storefront);
  else app.setNotFoundHandler(notFoundHandler);

  return app;
}

/**
 * Mounts the modules in three passes (api/README.md "How a module is wired"): every module's
 * services on the root app (decorators, root hooks), then every module's routes under /api/v1
 * behind `guard` (the API key and session), then every module's site-root routes. Routes are
 * checked against their module's `dependencies` as they are registered: a service no module
 * provides stops the start with fastify-plugin's "The dependency 'x' of plugin 'y-rutas' is not
 * registered".
 */
export async function mountModules(app: FastifyInstance, modules: RouteModule[], guard: (api: FastifyInstance) => unknown): Promise<void> {
  const checked = (mod: RouteModule, part: string, plugin: FastifyPluginAsync | FastifyPluginAsyncZod) =>
    fp(plugin as FastifyPluginAsync, { name: `${mod.name}-${part}`, dependencies: mod.dependencies ?? [], encapsulate: true });
  for (const mod of modules) if (mod.services) await app.register(mod.services);
  await app.register(
    // biome-ignore lint/nursery/noMisusedPromises: Fastify's register takes async plugins (it awaits them)
    async (api) => {
      await guard(api);
      api.setNotFoundHandler(notFoundHandler);
      for (const mod of modules) if (mod.plugin) await api.register(checked(mod, 'rutas', mod.plugin), { prefix: mod.prefix ?? '' });
    },
    { prefix: API_PREFIX },
  );
  for (const mod of modules) if (mod.siteRoutes) await app.register(checked(mod, 'sitio', mod.siteRoutes));
}
