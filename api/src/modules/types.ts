import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * One API module, as app.ts mounts it (api/README.md "How a module is wired"):
 * 1. `services` — what it offers other modules, as decorators on the root app (`app.pagos`,
 *    `app.disponibilidad`, …), plus root hooks it needs. Wrap it with `fastify-plugin` named
 *    after the module (`fp(fn, { name: 'pagos', dependencies: [...] })`) so others can depend on it;
 * 2. `plugin` — its routes under /api/v1 (+ `prefix`), behind the API key;
 * 3. `siteRoutes` — its routes at the site root, outside /api/v1 (webhooks, pages a third party opens).
 * `dependencies` names the services (module names, or 'correo' for the mailer) that its routes
 * use: a missing one stops the start with "The dependency 'x' of plugin 'y-rutas' is not registered".
 */
export interface RouteModule {
  name: string;
  /** e.g. '/eventos'; routes inside are relative to it. Empty = mounted at /api/v1. */
  prefix?: string;
  /** Routes under /api/v1. */
  plugin?: FastifyPluginAsyncZod;
  /** Decorators other modules use (a fastify-plugin plugin named `name`). Registered before any routes. */
  services?: FastifyPluginAsync;
  /** Services the routes use (`plugin`, `siteRoutes`). */
  dependencies?: string[];
  /** Routes at the site root (no API key). */
  siteRoutes?: FastifyPluginAsync;
}
