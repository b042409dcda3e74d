import { OPENPAY_PRODUCTION_URL, OPENPAY_SANDBOX_URL, type OpenpayConfig } from './gateway/openpay.gateway';

/**
 * Which payment gateway this process uses, read once from the environment:
 * - all three OPENPAY_* keys set → Openpay (its sandbox, or production with OPENPAY_PRODUCTION=1);
 * - none set, outside production → the built-in sandbox (offline, nothing to configure);
 * - otherwise (keys half set, or none in production) → payments off, with the reason: the
 *   sandbox never runs with NODE_ENV=production.
 */
export type PagosConfig =
  | ({ proveedor: 'openpay' } & OpenpayConfig)
  | { proveedor: 'sandbox'; /** Origin for the bank page links; else root-relative to the API. */ publicUrl: string | undefined }
  | { proveedor: 'desactivado'; motivo: string };

const OPENPAY_VARS = ['OPENPAY_MERCHANT_ID', 'OPENPAY_PRIVATE_KEY', 'OPENPAY_PUBLIC_KEY'] as const;

export function readPagosConfig(env: NodeJS.ProcessEnv = process.env): PagosConfig {
  const set = OPENPAY_VARS.filter((name) => env[name]);
  if (set.length === OPENPAY_VARS.length) {
    const production = env.OPENPAY_PRODUCTION === '1' || env.OPENPAY_PRODUCTION === 'true';
    const timeout = Number(env.OPENPAY_TIMEOUT_MS);
    return {
      proveedor: 'openpay',
      merchantId: env.OPENPAY_MERCHANT_ID!,
      privateKey: env.OPENPAY_PRIVATE_KEY!,
      publicKey: env.OPENPAY_PUBLIC_KEY!,
      production,
      apiUrl: env.OPENPAY_API_URL || (production ? OPENPAY_PRODUCTION_URL : OPENPAY_SANDBOX_URL),
      timeoutMs: Number.isInteger(timeout) && timeout > 0 ? timeout : 30_000,
    };
  }
  if (set.length > 0) {
    const missing = OPENPAY_VARS.filter((name) => !env[name]);
    return { proveedor: 'desactivado', motivo: `Openpay está configurado a medias: falta ${missing.join(', ')}.` };
  }
  if (env.NODE_ENV === 'production') {
    return {
      proveedor: 'desactivado',
      motivo: 'La pasarela de pruebas no se usa con NODE_ENV=production: define OPENPAY_MERCHANT_ID, OPENPAY_PRIVATE_KEY y OPENPAY_PUBLIC_KEY.',
    };
  }
  return { proveedor: 'sandbox', publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined };
}
