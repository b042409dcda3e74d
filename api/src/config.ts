import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { originConfigFromEnv, type OriginConfig } from '@taquilla/platform/origin';
import type { MailConfig } from './mail/config';
import type { AuthConfig } from './modules/auth/auth.config';
import { OPENPAY_PRODUCTION_URL, OPENPAY_SANDBOX_URL } from './modules/pagos/gateway/openpay.gateway';
import type { FacturacionConfig } from './modules/facturacion/facturacion.config';
import type { PagosConfig, PagosDiferidosConfig } from './modules/pagos/pagos.config';
import type { SalaEsperaConfig } from './modules/sala-espera/sala-espera.config';
import type { HoldConfig } from './modules/reservas/reservas.config';
import type { TelemetriaConfig } from './modules/telemetria/telemetria.config';
import { REPO_ROOT } from './paths';
import type { RateLimitStoreOptions } from './plugins/rate-limit';

/**
 * The one configuration of the API: every environment variable it reads, in one zod schema
 * (`envSchema`), read once at start (`readConfig`, called by main.ts or by `buildApp`), each
 * module given its slice (`app.config.holds`, `app.config.mail`, …). Nothing else in the API
 * reads `process.env`. Each setting is listed in the root README, "Configuración (env)".
 * An invalid value stops the start with a message naming the variable (`ConfigError`); an unset
 * or empty one takes its default.
 */

export { REPO_ROOT };

/**
 * The API key identifies the storefront as a client; it is public by design (every browser
 * reads it from /config.json), so it is not a secret and guards nothing on its own.
 */
export const DEFAULT_API_KEY = 'taquilla-dev-key';

let devSecret: string | undefined;
/**
 * Without JWT_SECRET (development only: production refuses to start), a random secret made on
 * this machine and kept in `.data/jwt-secret` (git-ignored), so sessions survive a restart and
 * no secret written in the source can sign tokens.
 */
function localJwtSecret(file = path.join(REPO_ROOT, '.data', 'jwt-secret')): string {
  if (devSecret) return devSecret;
  mkdirSync(path.dirname(file), { recursive: true });
  // Written aside, then linked into place: a concurrent start reads a whole secret or makes its own link fail.
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, randomBytes(48).toString('base64url'), { mode: 0o600 });
  try {
    linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(tmp);
  }
  devSecret = readFileSync(file, 'utf8').trim();
  return devSecret;
}

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
const envSchema = z.object({
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

type Env = z.infer<typeof envSchema>;

/** The settings the start refused, one line per variable, in Spanish. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(['La configuración no es válida:', ...problems.map((p) => `  - ${p}`)].join('\n'));
    this.name = 'ConfigError';
  }
}

// ── The slices ──────────────────────────────────────────────────────────────────────────────

export interface AppConfig {
  port: number;
  host: string;
  apiKey: string;
  /** JWT_SECRET; unset outside production: localJwtSecret(); unset in production: '' (the production check refuses). */
  jwtSecret: string;
  databaseUrl: string | undefined;
  pgliteDir: string;
  /**
   * DB_POOL_WAIT_MS (10000): PostgreSQL server only. A request that waits this long for a
   * database connection gets 503 "Hay muchas solicitudes en este momento…" with Retry-After
   * instead of waiting without end while an on-sale overloads the database.
   */
  poolWaitMs: number;
  logLevel: string;
  /**
   * Fastify `trustProxy`: off by default, so a client cannot dodge the per-IP rate limits by
   * sending its own X-Forwarded-For. Behind a load balancer set TRUST_PROXY to the number of
   * hops, a comma-separated list of proxy addresses, or 'true'.
   */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** NODE_ENV=production: unsafe settings refuse to start (production-check.ts), no response validation. */
  production: boolean;
  /** Storefront origin (PUBLIC_URL) for e-mailed links, /config.json and the 3-D Secure return. */
  publicUrl: string | undefined;
  /** Origins that serve remotes besides this one (REMOTE_ORIGINS, comma-separated): allowed by the CSP. */
  remoteOrigins: string[];
  /** ALLOW_REMOTE_OVERRIDES=1: the shell honours developer overrides (development only). */
  allowRemoteOverrides: boolean;
  /** SESSION_MAX_AGE_DAYS (30): a session ends this long after sign-in, however often renewed. */
  sessionMaxAgeSeconds: number;
  /**
   * SIGTERM: SHUTDOWN_DRAIN_SECONDS of serving while not ready (production 10, else 0: a
   * balancer's health check must see /readyz fail before the process stops accepting), then at
   * most SHUTDOWN_TIMEOUT_SECONDS (30) for the whole stop (plugins/lifecycle.ts).
   */
  shutdown: { drainSeconds: number; timeoutSeconds: number };
  /** METRICS_PORT (off when unset or 0): Prometheus `/metrics` on its own port, on METRICS_HOST (127.0.0.1). */
  metrics: { port: number | undefined; host: string };
  /**
   * API_DOCS: serve the OpenAPI page and document at /api/docs. On in development; in production
   * only with API_DOCS=1 (the whole API surface, laid out, is of more use to an attacker than to
   * a buyer). API_DOCS=0 turns it off in development.
   */
  apiDocs: boolean;
  /** BUILD_ID: the `build` of GET /health (else the compiled server's commit, `dev` from source). */
  buildId: string | undefined;
  /** Serving the storefront from this process (main.ts): STOREFRONT (on), SHELL_DIR, ORIGIN_DIR, LAUNCH_DATE. */
  storefront: { enabled: boolean; shellDir: string; originDir: string; launchDate: string | undefined };
  /** The remote origin (registry + releases): ORIGIN_DIR or ORIGIN_S3_* (platform/origin reads those). */
  origin: OriginConfig;
  /** Where every module's attempt counters live (REDIS_URL shares them between API processes). */
  rateLimit: RateLimitStoreOptions;
  mail: MailConfig;
  auth: AuthConfig;
  holds: HoldConfig;
  /** Payment gateway: Openpay when its keys are set, else off (modules/pagos/pagos.config.ts). */
  pagos: PagosConfig;
  /** PAGOS_USE_3DS=1: 3-D Secure on every charge (the dev sandbox's 3DS test card asks for it regardless). */
  ventas: { use3ds: boolean };
  /** Cash at a store and SPEI: default deadlines and their bounds (modules/pagos/pagos.config.ts). */
  pagosDiferidos: PagosDiferidosConfig;
  /** Facturas: the invoicing provider and the issuer (modules/facturacion/facturacion.config.ts). */
  facturacion: FacturacionConfig;
  /** The waiting room (modules/sala-espera/sala-espera.config.ts). */
  salaEspera: SalaEsperaConfig;
  telemetria: TelemetriaConfig;
}

/** The former name of AppConfig. */
export type EnvConfig = AppConfig;

function parseTrustProxy(value: string | undefined): AppConfig['trustProxy'] {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops; // trust the nearest `hops` proxies only
  }
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

const OPENPAY_VARS = ['OPENPAY_MERCHANT_ID', 'OPENPAY_PRIVATE_KEY', 'OPENPAY_PUBLIC_KEY'] as const;

/**
 * Which payment gateway this process uses:
 * - all three OPENPAY_* keys set → Openpay (its sandbox, production with OPENPAY_PRODUCTION=1,
 *   or the dev sandbox that `pnpm start`, the e2e server and the tests run, through OPENPAY_API_URL);
 * - otherwise (keys half set or none) → payments off, with the reason.
 */
function pagosSlice(e: Env): PagosConfig {
  const set = OPENPAY_VARS.filter((name) => e[name]);
  if (set.length === OPENPAY_VARS.length) {
    return {
      proveedor: 'openpay',
      merchantId: e.OPENPAY_MERCHANT_ID!,
      privateKey: e.OPENPAY_PRIVATE_KEY!,
      publicKey: e.OPENPAY_PUBLIC_KEY!,
      production: e.OPENPAY_PRODUCTION,
      apiUrl: e.OPENPAY_API_URL ?? (e.OPENPAY_PRODUCTION ? OPENPAY_PRODUCTION_URL : OPENPAY_SANDBOX_URL),
      timeoutMs: e.OPENPAY_TIMEOUT_MS,
      ...(e.OPENPAY_SCRIPT_URLS.length ? { scriptUrls: e.OPENPAY_SCRIPT_URLS } : {}),
    };
  }
  if (set.length > 0) {
    const missing = OPENPAY_VARS.filter((name) => !e[name]);
    return { proveedor: 'desactivado', motivo: `Openpay está configurado a medias: falta ${missing.join(', ')}.` };
  }
  return {
    proveedor: 'desactivado',
    motivo:
      e.NODE_ENV === 'production'
        ? 'Define OPENPAY_MERCHANT_ID, OPENPAY_PRIVATE_KEY y OPENPAY_PUBLIC_KEY.'
        : 'Sin llaves de Openpay: define OPENPAY_MERCHANT_ID, OPENPAY_PRIVATE_KEY y OPENPAY_PUBLIC_KEY, o arranca con la pasarela de pruebas (pnpm start, o pnpm dev en api/).',
  };
}

/**
 * Invoicing: FACTURACION_PROVEEDOR 'local' (the built-in fake PAC, the default outside
 * production) or 'desactivado'. Production without a real provider is 'desactivado': the fake
 * never stamps an invoice a buyer could take to the SAT.
 */
function facturacionSlice(e: Env, production: boolean): FacturacionConfig {
  const solicitudesPorIp = e.FACTURA_SOLICITUDES_POR_IP;
  const proveedor = e.FACTURACION_PROVEEDOR ?? (production ? 'desactivado' : 'local');
  if (proveedor === 'desactivado') return { proveedor, motivo: 'La facturación no está disponible en este momento.', solicitudesPorIp };
  if (proveedor !== 'local') return { proveedor: 'desactivado', motivo: `FACTURACION_PROVEEDOR=${proveedor} no es un proveedor conocido.`, solicitudesPorIp };
  if (production) return { proveedor: 'desactivado', motivo: 'El proveedor local de facturas es solo para desarrollo y pruebas.', solicitudesPorIp };
  return {
    proveedor,
    emisor: { rfc: e.FACTURA_EMISOR_RFC, nombre: e.FACTURA_EMISOR_NOMBRE, regimenFiscal: e.FACTURA_EMISOR_REGIMEN },
    lugarExpedicion: e.FACTURA_LUGAR_EXPEDICION,
    serie: e.FACTURA_SERIE,
    solicitudesPorIp,
  };
}

/** The remote origin, read by platform/origin (ORIGIN_S3_*, ORIGIN_CACHE_MS, …); its refusals become ConfigErrors. */
function originOf(env: NodeJS.ProcessEnv, dir: string): OriginConfig {
  try {
    return originConfigFromEnv(env, { dir: path.resolve(dir) });
  } catch (err) {
    throw new ConfigError([(err as Error).message]);
  }
}

/** Configurations made by readConfig/withOverrides: buildApp takes one of these as it is. */
const complete = new WeakSet<object>();

/** The environment read once, validated, cut into slices. Throws ConfigError naming each bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`));
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const rateLimit: RateLimitStoreOptions = { redisUrl: e.REDIS_URL, nameSpace: e.RATE_LIMIT_PREFIX };
  const loginWindow = e.LOGIN_WINDOW_MS;
  const mailWindow = e.MAIL_LIMIT_WINDOW_MS;
  const passwordWindow = e.PASSWORD_CHANGE_WINDOW_MS;
  const config: AppConfig = {
    port: e.PORT,
    host: e.HOST,
    apiKey: e.API_KEY,
    jwtSecret: e.JWT_SECRET ?? (production ? '' : localJwtSecret()),
    databaseUrl: e.DATABASE_URL,
    pgliteDir: e.PGLITE_DIR,
    poolWaitMs: e.DB_POOL_WAIT_MS,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    production,
    publicUrl: e.PUBLIC_URL,
    remoteOrigins: e.REMOTE_ORIGINS,
    allowRemoteOverrides: e.ALLOW_REMOTE_OVERRIDES,
    sessionMaxAgeSeconds: Math.round(e.SESSION_MAX_AGE_DAYS * 86_400),
    shutdown: {
      drainSeconds: Number.isNaN(e.SHUTDOWN_DRAIN_SECONDS) ? (production ? 10 : 0) : e.SHUTDOWN_DRAIN_SECONDS,
      timeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    },
    metrics: { port: e.METRICS_PORT || undefined, host: e.METRICS_HOST },
    apiDocs: e.API_DOCS ?? !production,
    buildId: e.BUILD_ID,
    storefront: { enabled: e.STOREFRONT, shellDir: e.SHELL_DIR, originDir: e.ORIGIN_DIR, launchDate: e.LAUNCH_DATE },
    origin: originOf(env, e.ORIGIN_DIR),
    rateLimit,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      publicUrl: e.PUBLIC_URL,
      handoverMs: e.MAIL_HANDOVER_MS,
      pollMs: e.MAIL_POLL_MS,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      leaseMs: e.MAIL_LEASE_MS,
      worker: e.MAIL_WORKER,
      devMailbox: e.DEV_MAILBOX && !e.SMTP_URL && !production,
    },
    auth: {
      limitStore: rateLimit,
      login: {
        perIp: { max: e.LOGIN_MAX_PER_IP, windowMs: loginWindow },
        perEmail: { max: e.LOGIN_MAX_PER_EMAIL, windowMs: loginWindow },
        maxDelayMs: e.LOGIN_MAX_DELAY_MS,
      },
      register: { perIp: { max: e.REGISTER_MAX_PER_IP, windowMs: loginWindow } },
      emails: { perIp: { max: e.MAIL_MAX_PER_IP, windowMs: mailWindow }, perAddress: { max: e.MAIL_MAX_PER_ADDRESS, windowMs: mailWindow } },
      linkTokens: { perIp: { max: e.LINK_TOKEN_MAX_PER_IP, windowMs: loginWindow } },
      hashing: { concurrency: e.HASH_CONCURRENCY, maxQueued: e.HASH_MAX_QUEUED },
      jwtExpiresIn: e.JWT_EXPIRES_IN,
      passwordChange: {
        perIp: { max: e.PASSWORD_CHANGE_MAX_PER_IP, windowMs: passwordWindow },
        perSession: { max: e.PASSWORD_CHANGE_MAX_PER_SESSION, windowMs: passwordWindow },
        perAccount: { max: e.PASSWORD_CHANGE_MAX_PER_ACCOUNT, windowMs: passwordWindow },
      },
    },
    holds: {
      holdMinutes: e.HOLD_MINUTES,
      sweepSeconds: e.HOLD_SWEEP_SECONDS,
      heartbeatSeconds: e.SSE_HEARTBEAT_SECONDS,
      perIp: { max: e.HOLD_MAX_PER_IP, windowMs: e.HOLD_LIMIT_WINDOW_MS },
      cancelPerIp: { max: e.HOLD_CANCEL_MAX_PER_IP },
      places: { perIp: e.HOLD_MAX_PLACES_PER_IP, perDevice: e.HOLD_MAX_PLACES_PER_DEVICE },
      limitStore: rateLimit,
      streams: { perClient: e.SSE_MAX_STREAMS_PER_IP, perProcess: e.SSE_MAX_STREAMS },
    },
    pagos: pagosSlice(e),
    ventas: { use3ds: e.PAGOS_USE_3DS },
    pagosDiferidos: {
      efectivoMinutos: e.PAGOS_EFECTIVO_MINUTOS,
      speiMinutos: e.PAGOS_SPEI_MINUTOS,
      cierreMinutos: e.PAGOS_CIERRE_DIFERIDOS_MINUTOS,
      minimoMinutos: e.PAGOS_PLAZO_MINIMO_MINUTOS,
      avisoSegundos: e.PAGOS_AVISO_SEGUNDOS,
    },
    facturacion: facturacionSlice(e, production),
    salaEspera: {
      tickMs: e.SALA_ESPERA_TICK_MS,
      paseMinutos: e.SALA_ESPERA_PASE_MINUTOS,
      extraMinutos: e.SALA_ESPERA_PASE_EXTRA_MINUTOS,
      maxPorIp: e.SALA_ESPERA_MAX_POR_IP,
      pow: { dificultad: Math.max(2, e.SALA_ESPERA_POW_DIFICULTAD), retoSegundos: e.SALA_ESPERA_RETO_SEGUNDOS },
      opsToken: e.OPS_TOKEN,
      production,
    },
    telemetria: {
      perIp: { max: e.TELEMETRIA_MAX_POR_IP, windowMs: e.TELEMETRIA_VENTANA_MS },
      limitStore: rateLimit,
      judgeEveryMs: e.JUICIO_CADA_MS,
      thresholds: {
        minSessions: e.JUICIO_MIN_SESIONES,
        factor: e.JUICIO_FACTOR,
        margin: e.JUICIO_MARGEN,
        z: e.JUICIO_Z,
        rateWithoutBaseline: e.JUICIO_TASA_SIN_BASE,
        baselineHours: e.JUICIO_HORAS_BASE,
      },
      actor: 'automático',
    },
  };
  complete.add(config);
  return config;
}

/** The defaults alone, whatever the environment says (the seed's demo purchases, scripts). */
export function defaultConfig(): AppConfig {
  return readConfig({ JWT_SECRET: 'sin-sesiones' });
}

/** Slices that are replaced whole by an override rather than merged key by key (a union). */
const REPLACED_WHOLE = new Set<keyof AppConfig>(['pagos', 'origin']);

/**
 * Overrides of `buildApp({ config })`: any top-level setting, or some keys of a slice
 * (`{ holds: { holdMinutes: 0.1 } }` keeps the slice's other keys). `pagos` and `origin` are
 * replaced whole.
 */
export type ConfigOverrides = {
  [K in keyof AppConfig]?: K extends 'pagos' | 'origin' ? AppConfig[K] : SliceOverride<AppConfig[K]>;
};
type SliceOverride<T> = T extends (...args: never[]) => unknown ? T : T extends readonly unknown[] ? T : T extends object ? Partial<T> : T;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/** `base` with `overrides` applied (one level into each slice). */
export function withOverrides(base: AppConfig, overrides: ConfigOverrides = {}): AppConfig {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    const current = merged[key];
    merged[key] = !REPLACED_WHOLE.has(key as keyof AppConfig) && isPlainObject(current) && isPlainObject(value) ? { ...current, ...value } : value;
  }
  const config = merged as unknown as AppConfig;
  complete.add(config);
  return config;
}

/** True for a whole configuration made by readConfig/withOverrides (not a set of overrides). */
export function isAppConfig(value: unknown): value is AppConfig {
  return typeof value === 'object' && value !== null && complete.has(value);
}
