import type { TestProject } from 'vitest/node';
import { adminQuery, createPgTemplate, ensurePgliteTemplate } from './support/template';

declare module 'vitest' {
  export interface ProvidedContext {
    dbMode: 'pglite' | 'pg';
    pgliteTemplate: string;
    pgTemplateDb: string;
    pgBaseUrl: string;
  }
}

/** Builds the template database once for the whole run (see test/support/template.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const mode = process.env.TEST_DB === 'pg' ? 'pg' : 'pglite';
  project.provide('dbMode', mode);
  if (mode === 'pglite') {
    project.provide('pgliteTemplate', await ensurePgliteTemplate());
    project.provide('pgTemplateDb', '');
    project.provide('pgBaseUrl', '');
    return async () => {};
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    throw new Error('test:pg needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test). Refusing to fall back to PGlite.');
  }
  const template = await createPgTemplate(base);
  project.provide('pgliteTemplate', '');
  project.provide('pgTemplateDb', template);
  project.provide('pgBaseUrl', base);
  return async () => {
    await adminQuery(base, `drop database if exists "${template}" with (force)`);
  };
}
