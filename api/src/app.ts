import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import './lib/zod-locale';
import { zodResponseSerializer } from './lib/response-serializer';
import { REPO_ROOT, readEnv, type EnvConfig } from './config';
import { openDatabase, type Database, type Db } from './db/client';
import { seedIfEmpty } from './seed/seed';
import { loggerOptions } from './lib/logger';
import { routeModules } from './modules/index';
import { readMailConfig } from './mail/config';
import { devMailboxPlugin } from './mail/dev-mailbox';
import { sandboxBrowserPlugin } from './modules/pagos/gateway/sandbox.routes';
import { pagosWebhookPlugin } from './modules/ventas/ventas.routes';
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
import { disponibilidadHubs } from './modules/reservas/reservas.routes';
import { childLoggerFor, requestIdFor, requestIdPlugin } from './plugins/request-id';
import { sseApiKeyFromQuery } from './modules/reservas/disponibilidad.sse';
import { beaconApiKeyFromQuery } from './modules/telemetria/telemetria.routes';
import { originConfigFromEnv, type OriginConfig } from '@taquilla/platform/origin';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: 'pglite' | 'pg';
    config: EnvConfig;
    /** The remote origin (registry + releases) this app serves and judges (telemetria). */
    remoteOriginConfig: OriginConfig;
  }
}

export const API_PREFIX = '/api/v1';

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
  /** Overrides of env config (apiKey, jwtSecret, …). */
  config?: Partial<EnvConfig>;
  /**
   * Check every response against its zod schema before it is serialised (default: on unless
   * NODE_ENV=production). Either way the schema serialises the answer (lib/response-serializer).
   */
  validateResponses?: boolean;
  /** Extra route modules (tests, experiments); the real list is modules/index.ts. */
  extraModules?: RouteModule[];
}


export async function buildApp(opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config: EnvConfig = { ...readEnv(), ...opts.config };
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
  if (opts.seed !== false) await seedIfEmpty(database.db, app.log);

  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('config', config);
  app.decorate<OriginConfig>(
    'remoteOriginConfig',
    opts.storefront?.origin ?? originConfigFromEnv(process.env, { dir: path.resolve(opts.storefront?.originDir ?? process.env.ORIGIN_DIR ?? path.join(REPO_ROOT, '.origin')) }),
  );

  const validateResponses = opts.validateResponses ?? process.env.NODE_ENV !== 'production';
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(zodResponseSerializer({ validate: validateResponses }));
  app.setErrorHandler(errorHandler);
  await app.register(requestIdPlugin);
  await app.register(inputGuardPlugin);
  await app.register(lifecyclePlugin);
  await app.register(metricsPlugin, { pool: database.pool, sseClients: () => disponibilidadHubs.get(app.server)?.subscriberCount ?? 0 });
  if (config.trustProxy === false) await app.register(untrustedProxyWarning);
  await app.register(securityHeadersPlugin, {
    remoteOrigins: config.remoteOrigins,
    allowRemoteOverrides: config.allowRemoteOverrides,
    production: config.production,
    apiPrefix: API_PREFIX,
  });

  await app.register(compressionPlugin);
  await app.register(sseApiKeyFromQuery);
  await app.register(beaconApiKeyFromQuery);

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
  await app.register(mediaRoutes);

  await app.register(
    async (api) => {
      await api.register(apiAuthPlugin, { apiKey: config.apiKey, jwtSecret: config.jwtSecret, maxSessionAgeSeconds: config.sessionMaxAgeSeconds });
      api.setNotFoundHandler(notFoundHandler);
      for (const mod of [...routeModules, ...(opts.extraModules ?? [])]) {
        await api.register(mod.plugin, { prefix: mod.prefix ?? '' });
      }
    },
    { prefix: API_PREFIX },
  );

  // The local mailbox page (/dev/correos) sits outside /api/v1 so a browser opens it without
  // the API key; only when asked for (DEV_MAILBOX=1, no SMTP, not production; mail/config.ts).
  if (readMailConfig().devMailbox) await app.register(devMailboxPlugin);
  // The payment sandbox's browser side (/sandbox/*), only while it is the configured gateway.
  await app.register(sandboxBrowserPlugin);
  // The payment gateway's notifications (/webhooks/pagos): a gateway cannot send the API key.
  await app.register(pagosWebhookPlugin);

  if (opts.storefront) await app.register(storefrontPlugin, opts.storefront);
  else app.setNotFoundHandler(notFoundHandler);

  return app;
}
