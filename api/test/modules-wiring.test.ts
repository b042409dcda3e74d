import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountModules } from '../src/app';
import { readConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { mailPlugin } from '../src/mail/mail.plugin';
import { routeModules } from '../src/modules/index';
import { pagosModule } from '../src/modules/pagos/pagos.routes';
import { reservasModule } from '../src/modules/reservas/reservas.routes';
import { ventasModule } from '../src/modules/ventas/ventas.routes';
import { buildTestApp, openTestDatabase, type TestApp } from './support/app';

/** Modules are wired in the open (api/README.md "How a module is wired"): services as decorators, declared dependencies. */

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

/** A bare app with the core decorators buildApp makes (config, db, mailer) and the given modules. */
async function appWith(modules: typeof routeModules) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', readConfig({ JWT_SECRET: 'x'.repeat(40), MAIL_WORKER: '0', HOLD_SWEEP_SECONDS: '0' }));
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  await app.register(mailPlugin);
  await mountModules(app, modules, () => undefined);
  return app;
}

describe('module wiring', () => {
  it('a module whose service is missing stops the start, naming the service and the module', async () => {
    await expect(
      (async () => {
        const built = await appWith([pagosModule, ventasModule]);
        await built.close();
      })(),
    ).rejects.toThrow("The dependency 'reservas' of plugin 'ventas-rutas' is not registered");
  });

  it('with the services it names, the same module starts and its routes answer', async () => {
    const app = await appWith([reservasModule, pagosModule, ventasModule]);
    try {
      await app.ready();
      const res = await app.inject({ method: 'POST', url: '/api/v1/pagos/aplicar-promo', payload: {} });
      expect(res.statusCode).toBe(400);
      // No Openpay keys here: the service exists, payments are off.
      expect(app.pagos).toEqual({ gateway: null });
    } finally {
      await app.close();
    }
  });

  it('the real module list names only services that exist, and buildApp decorates the app with each', async () => {
    const t: TestApp = await buildTestApp({ database });
    try {
      const names = routeModules.map((m) => m.name);
      for (const mod of routeModules) for (const dep of mod.dependencies ?? []) expect([...names, 'correo']).toContain(dep);
      expect(t.app.hasDecorator('pagos') && t.app.hasDecorator('disponibilidad') && t.app.hasDecorator('mailer') && t.app.hasDecorator('catalogo')).toBe(true);
    } finally {
      await t.close();
    }
  });
});
