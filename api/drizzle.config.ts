import { defineConfig } from 'drizzle-kit';

/** `pnpm --filter @taquilla/api db:generate` writes SQL migrations into ./drizzle. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './drizzle',
});
