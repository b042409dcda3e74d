import { z } from 'zod';
import type { RouteModule } from '../types';
import { serverVersion } from '../../lib/version';
import { pingDatabase } from './health.repository';

const healthSchema = z.object({ status: z.enum(['ok']), db: z.enum(['pglite', 'pg']), uptime: z.number(), version: z.string(), build: z.string() });

export const healthModule: RouteModule = {
  name: 'health',
  plugin: async (app) => {
    const version = serverVersion(app.config.buildId);
    app.get('/health', { schema: { tags: ['salud'], summary: 'Estado del servidor y de la base de datos', response: { 200: healthSchema } } }, async () => {
      await pingDatabase(app.db);
      return { status: 'ok' as const, db: app.dbKind, uptime: Math.round(process.uptime()), ...version };
    });
  },
};
