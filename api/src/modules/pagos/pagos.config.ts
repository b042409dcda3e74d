import { positiveNumber } from '../../lib/env';
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

/**
 * Payments that finish later (cash at a store, SPEI), read once from the environment. Each
 * event may set its own time to pay (eventos.plazo_efectivo_minutos / plazo_spei_minutos);
 * these are the defaults and the bounds (decision 0033).
 */
export interface PagosDiferidosConfig {
  /** Time to pay a cash reference (PAGOS_EFECTIVO_MINUTOS, default 2880 = 48 h). */
  efectivoMinutos: number;
  /** Time to send a SPEI transfer (PAGOS_SPEI_MINUTOS, default 720 = 12 h). */
  speiMinutos: number;
  /** A reference is never payable later than this before the event (PAGOS_CIERRE_DIFERIDOS_MINUTOS, default 1440 = 24 h). */
  cierreMinutos: number;
  /** A reference shorter than this is not offered (PAGOS_PLAZO_MINIMO_MINUTOS, default 30). */
  minimoMinutos: number;
  /** How often expired references are told to their buyer (PAGOS_AVISO_SEGUNDOS, default 5; 0 turns it off). */
  avisoSegundos: number;
}

export function readPagosDiferidosConfig(env: NodeJS.ProcessEnv = process.env): PagosDiferidosConfig {
  return {
    efectivoMinutos: positiveNumber(env.PAGOS_EFECTIVO_MINUTOS, 48 * 60),
    speiMinutos: positiveNumber(env.PAGOS_SPEI_MINUTOS, 12 * 60),
    cierreMinutos: positiveNumber(env.PAGOS_CIERRE_DIFERIDOS_MINUTOS, 24 * 60, { allowZero: true }),
    minimoMinutos: positiveNumber(env.PAGOS_PLAZO_MINIMO_MINUTOS, 30, { allowZero: true }),
    avisoSegundos: positiveNumber(env.PAGOS_AVISO_SEGUNDOS, 5, { allowZero: true }),
  };
}
