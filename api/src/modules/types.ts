import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** A group of routes mounted under /api/v1 (plus its own optional prefix). */
export interface RouteModule {
  name: string;
  /** e.g. '/eventos'; routes inside are relative to it. Empty = mounted at /api/v1. */
  prefix?: string;
  plugin: FastifyPluginAsyncZod;
}
