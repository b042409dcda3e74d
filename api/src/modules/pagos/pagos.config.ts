import type { OpenpayConfig } from './gateway/openpay.gateway';

/**
 * Which payment gateway this process uses: the `pagos` slice of the one configuration
 * (src/config/slices.ts `pagosSlice`): with all three OPENPAY_* keys set, Openpay (its sandbox, the
 * dev sandbox of platform/openpay-sandbox through OPENPAY_API_URL, or production with
 * OPENPAY_PRODUCTION=1); otherwise payments are off, with the reason.
 */
export type PagosConfig = ({ proveedor: 'openpay' } & OpenpayConfig) | { proveedor: 'desactivado'; motivo: string };

/**
 * Payments that finish later (cash at a store, SPEI): the `pagosDiferidos` slice of the one
 * configuration. Each
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
