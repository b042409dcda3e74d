import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { originConfigFromEnv, type OriginConfig } from '@taquilla/platform/origin';
import type { MailConfig } from '../mail/config';
import type { AuthConfig } from '../modules/auth/auth.config';
import { OPENPAY_PRODUCTION_URL, OPENPAY_SANDBOX_URL } from '../modules/pagos/gateway/openpay.gateway';
import type { FacturacionConfig } from '../modules/facturacion/facturacion.config';
import type { PagosConfig, PagosDiferidosConfig } from '../modules/pagos/pagos.config';
import type { SalaEsperaConfig } from '../modules/sala-espera/sala-espera.config';
import type { HoldConfig } from '../modules/reservas/reservas.config';
import type { TelemetriaConfig } from '../modules/telemetria/telemetria.config';
import { REPO_ROOT } from '../paths';
import type { RateLimitStoreOptions } from '../plugins/rate-limit';
import { ConfigError, type Env } from './schema';

/**
 * The configuration as the API uses it (`AppConfig`): the parsed environment cut into each
 * module's slice (`app.config.holds`, `app.config.mail`, …), each slice's type declared by its
 * module (`<module>.config.ts`).
 */

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

/** The parsed environment cut into each module's slice (`env` whole for platform/origin's ORIGIN_* variables). */
export function slicesOf(e: Env, env: NodeJS.ProcessEnv): AppConfig {
  const production = e.NODE_ENV === 'production';
  const rateLimit: RateLimitStoreOptions = { redisUrl: e.REDIS_URL, nameSpace: e.RATE_LIMIT_PREFIX };
  const loginWindow = e.LOGIN_WINDOW_MS;
  const mailWindow = e.MAIL_LIMIT_WINDOW_MS;
  const passwordWindow = e.PASSWORD_CHANGE_WINDOW_MS;
  return {
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
}
