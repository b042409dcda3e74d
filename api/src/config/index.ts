import { REPO_ROOT } from '../paths';
import { sealConfig } from './overrides';
import { ConfigError, envSchema } from './schema';
import { slicesOf, type AppConfig } from './slices';

/**
 * The one configuration of the API: every environment variable it reads, in one zod schema
 * (`envSchema`, schema.ts), read once at start (`readConfig`, called by main.ts or by
 * `buildApp`), each module given its slice (`app.config.holds`, `app.config.mail`, …;
 * slices.ts), a test's overrides applied by `withOverrides` (overrides.ts). Nothing else in the
 * API reads `process.env`. Each setting is listed in the root README, "Configuración (env)".
 * An invalid value stops the start with a message naming the variable (`ConfigError`); an unset
 * or empty one takes its default.
 */

export { REPO_ROOT };
export { isAppConfig, withOverrides, type ConfigOverrides } from './overrides';
export { ConfigError, DEFAULT_API_KEY } from './schema';
export type { AppConfig, EnvConfig } from './slices';

/** The environment read once, validated, cut into slices. Throws ConfigError naming each bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`));
  return sealConfig(slicesOf(parsed.data, env));
}

/** The defaults alone, whatever the environment says (the seed's demo purchases, scripts). */
export function defaultConfig(): AppConfig {
  return readConfig({ JWT_SECRET: 'sin-sesiones' });
}
