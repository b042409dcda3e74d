import type { OpenpayConfig } from './gateway/openpay.gateway';

/**
 * Which payment gateway this process uses: the `pagos` slice of the one configuration
 * (src/config.ts `pagosSlice`):
 * - all three OPENPAY_* keys set → Openpay (its sandbox, or production with OPENPAY_PRODUCTION=1);
 * - none set, outside production → the built-in sandbox (offline, nothing to configure);
 * - otherwise (keys half set, or none in production) → payments off, with the reason: the
 *   sandbox never runs with NODE_ENV=production.
 */
export type PagosConfig =
  | ({ proveedor: 'openpay' } & OpenpayConfig)
  | { proveedor: 'sandbox'; /** Origin for the bank page links; else root-relative to the API. */ publicUrl: string | undefined }
  | { proveedor: 'desactivado'; motivo: string };
