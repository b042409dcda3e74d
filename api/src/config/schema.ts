import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from '../paths';

/**
 * Every environment variable the API reads, in one zod schema (`envSchema`), and how each one is
 * read: an unset or empty value takes its default, an invalid one is a ConfigError naming the
 * variable. Cut into slices by slices.ts; read once by `readConfig` (index.ts).
 */

/**
 * The API key identifies the storefront as a client; it is public by design (every browser
 * reads it from /config.json), so it is not a secret and guards nothing on its own.
 */
export const DEFAULT_API_KEY = 'taquilla-dev-key';

// ── How one variable is read ────────────────────────────────────────────────────────────────
// Unset, empty or blank: the default. Anything else must be valid, or the start fails.

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const raw = z.preprocess(blank, z.string().optional());

/** A number: whole unless `decimals`; above zero unless `zero` (then 0 too, which usually turns something off). */
function num(fallback: number, { decimals = false, zero = false } = {}) {
  return raw.transform((v, ctx) => {
    if (v === undefined) return fallback;
    const n = Number(v);
    if (Number.isFinite(n) && (decimals || Number.isInteger(n)) && (zero ? n >= 0 : n > 0)) return n;
    ctx.addIssue({ code: 'custom', message: `debe ser un número ${decimals ? '' : 'entero '}${zero ? 'de 0 o más' : 'mayor que 0'} (es «${v}»)` });
    return z.NEVER;
  });
}

/** A text, or `fallback`. */
const text = <T extends string | undefined>(fallback: T) => raw.transform((v) => v ?? fallback);

/** An on/off switch: 1/true or 0/false; unset → `fallback` (undefined: "not said"). */
function flag<T extends boolean | undefined>(fallback: T) {
  return raw.transform((v, ctx): boolean | T => {
    if (v === undefined) return fallback;
    if (v === '1' || v === 'true') return true;
    if (v === '0' || v === 'false') return false;
    ctx.addIssue({ code: 'custom', message: `debe ser 1 o 0 (es «${v}»)` });
    return z.NEVER;
  });
}

/** An origin or URL, kept without its trailing slashes. */
const url = raw.transform((v, ctx) => {
  if (v === undefined) return undefined;
  if (!URL.canParse(v)) {
    ctx.addIssue({ code: 'custom', message: `debe ser una URL completa, p. ej. https://boletos.example (es «${v}»)` });
    return z.NEVER;
  }
  return v.replace(/\/+$/, '');
});

const list = raw.transform((v) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/**
 * Every environment variable the API reads. Grouped by the slice that uses it; the README table
 * ("Configuración (env)") says what each one does.
 */
export const envSchema = z.object({
  NODE_ENV: text(undefined),
  PORT: num(3000, { zero: true }),
  HOST: text('127.0.0.1'),
  API_KEY: text(DEFAULT_API_KEY),
  JWT_SECRET: text(undefined),
  SESSION_MAX_AGE_DAYS: num(30, { decimals: true }),
  DATABASE_URL: text(undefined),
  PGLITE_DIR: text(path.join(REPO_ROOT, '.data', 'pglite')),
  DB_POOL_WAIT_MS: num(10_000),
  LOG_LEVEL: z.preprocess(
    blank,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'debe ser fatal, error, warn, info, debug, trace o silent' })
      .default('info'),
  ),
  TRUST_PROXY: text(undefined),
  PUBLIC_URL: url,
  REMOTE_ORIGINS: list,
  ALLOW_REMOTE_OVERRIDES: flag(false),
  SHUTDOWN_DRAIN_SECONDS: num(Number.NaN, { zero: true }),
  SHUTDOWN_TIMEOUT_SECONDS: num(30),
  METRICS_PORT: num(0, { zero: true }),
  METRICS_HOST: text('127.0.0.1'),
  API_DOCS: flag(undefined),
  BUILD_ID: text(undefined),
  // storefront
  STOREFRONT: flag(true),
  SHELL_DIR: text(path.join(REPO_ROOT, 'shell', 'dist')),
  ORIGIN_DIR: text(path.join(REPO_ROOT, '.origin')),
  LAUNCH_DATE: raw.transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (Number.isNaN(Date.parse(v))) {
      ctx.addIssue({ code: 'custom', message: `debe ser una fecha ISO, p. ej. 2026-12-01T18:00:00-06:00 (es «${v}»)` });
      return z.NEVER;
    }
    return new Date(v).toISOString();
  }),
  // attempt counters (accounts, holds, telemetry, resends)
  REDIS_URL: text(undefined),
  RATE_LIMIT_PREFIX: text('taquilla:rl:'),
  // mail
  SMTP_URL: text(undefined),
  MAIL_FROM: text('"Taquilla" <no-responder@taquilla.local>'),
  MAIL_HANDOVER_MS: num(4000, { zero: true }),
  MAIL_POLL_MS: num(5000, { zero: true }),
  MAIL_MAX_ATTEMPTS: num(8, { zero: true }),
  MAIL_LEASE_MS: num(120_000, { zero: true }),
  MAIL_WORKER: flag(true),
  DEV_MAILBOX: flag(false),
  // accounts
  LOGIN_WINDOW_MS: num(15 * 60 * 1000),
  LOGIN_MAX_PER_IP: num(20),
  LOGIN_MAX_PER_EMAIL: num(5),
  LOGIN_MAX_DELAY_MS: num(8000),
  REGISTER_MAX_PER_IP: num(50),
  MAIL_LIMIT_WINDOW_MS: num(15 * 60 * 1000),
  MAIL_MAX_PER_IP: num(20),
  MAIL_MAX_PER_ADDRESS: num(5),
  LINK_TOKEN_MAX_PER_IP: num(20),
  HASH_CONCURRENCY: num(2),
  HASH_MAX_QUEUED: num(32),
  JWT_EXPIRES_IN: text('7d'),
  PASSWORD_CHANGE_WINDOW_MS: num(15 * 60 * 1000),
  PASSWORD_CHANGE_MAX_PER_IP: num(20),
  PASSWORD_CHANGE_MAX_PER_SESSION: num(5),
  PASSWORD_CHANGE_MAX_PER_ACCOUNT: num(10),
  // holds and live availability
  HOLD_MINUTES: num(10, { decimals: true }),
  HOLD_SWEEP_SECONDS: num(1, { decimals: true, zero: true }),
  SSE_HEARTBEAT_SECONDS: num(15, { decimals: true }),
  HOLD_MAX_PER_IP: num(120, { zero: true }),
  HOLD_LIMIT_WINDOW_MS: num(60_000),
  HOLD_CANCEL_MAX_PER_IP: num(120, { zero: true }),
  HOLD_MAX_PLACES_PER_IP: num(50, { zero: true }),
  HOLD_MAX_PLACES_PER_DEVICE: num(20, { zero: true }),
  SSE_MAX_STREAMS_PER_IP: num(40),
  SSE_MAX_STREAMS: num(3000, { zero: true }),
  // payments
  OPENPAY_MERCHANT_ID: text(undefined),
  OPENPAY_PRIVATE_KEY: text(undefined),
  OPENPAY_PUBLIC_KEY: text(undefined),
  OPENPAY_PRODUCTION: flag(false),
  OPENPAY_API_URL: url,
  OPENPAY_TIMEOUT_MS: num(30_000),
  OPENPAY_SCRIPT_URLS: list,
  PAGOS_USE_3DS: flag(false),
  // cash at a store and SPEI (decision 0033)
  PAGOS_EFECTIVO_MINUTOS: num(48 * 60, { decimals: true }),
  PAGOS_SPEI_MINUTOS: num(12 * 60, { decimals: true }),
  PAGOS_CIERRE_DIFERIDOS_MINUTOS: num(24 * 60, { decimals: true, zero: true }),
  PAGOS_PLAZO_MINIMO_MINUTOS: num(30, { decimals: true, zero: true }),
  PAGOS_AVISO_SEGUNDOS: num(5, { decimals: true, zero: true }),
  // facturas (decision 0034)
  FACTURACION_PROVEEDOR: raw,
  FACTURA_EMISOR_RFC: text('EKU9003173C9'),
  FACTURA_EMISOR_NOMBRE: text('ESCUELA KEMPER URGATE'),
  FACTURA_EMISOR_REGIMEN: text('601'),
  FACTURA_LUGAR_EXPEDICION: text('06000'),
  FACTURA_SERIE: text('TQ'),
  FACTURA_SOLICITUDES_POR_IP: num(30),
  // the waiting room (decision 0031)
  SALA_ESPERA_TICK_MS: num(1000, { zero: true }),
  SALA_ESPERA_PASE_MINUTOS: num(5, { decimals: true }),
  SALA_ESPERA_PASE_EXTRA_MINUTOS: num(15, { decimals: true }),
  SALA_ESPERA_MAX_POR_IP: num(20, { zero: true }),
  SALA_ESPERA_POW_DIFICULTAD: num(50_000),
  SALA_ESPERA_RETO_SEGUNDOS: num(300),
  OPS_TOKEN: text(undefined),
  // telemetry and the release judge
  TELEMETRIA_MAX_POR_IP: num(60),
  TELEMETRIA_VENTANA_MS: num(60_000),
  JUICIO_CADA_MS: num(15_000, { zero: true }),
  JUICIO_MIN_SESIONES: num(40),
  JUICIO_FACTOR: num(2, { decimals: true }),
  JUICIO_MARGEN: num(0.05, { decimals: true, zero: true }),
  JUICIO_Z: num(3, { decimals: true, zero: true }),
  JUICIO_TASA_SIN_BASE: num(0.25, { decimals: true }),
  JUICIO_HORAS_BASE: num(24, { decimals: true }),
});

export type Env = z.infer<typeof envSchema>;

/** The settings the start refused, one line per variable, in Spanish. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(['La configuración no es válida:', ...problems.map((p) => `  - ${p}`)].join('\n'));
    this.name = 'ConfigError';
  }
}
