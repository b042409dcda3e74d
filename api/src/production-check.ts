import { readConfig } from './config';
import { OPENPAY_SANDBOX_URL } from './modules/pagos/gateway/openpay.gateway';

/**
 * The fewest different characters a JWT_SECRET may have. A random secret always has many more:
 * `openssl rand -base64 48` gives about 40 of base64's 64, `openssl rand -hex 32` all 16 hex
 * digits (fewer than 10 of them in 64 random digits: about one chance in 10¹²). A secret a
 * person typed or repeated ('x' × 48, 'changeme-changeme-…', 'abcabc…') has fewer, and its
 * length then says nothing about how hard it is to guess.
 */
export const MIN_SECRET_DISTINCT_CHARS = 10;

function jwtSecretProblem(secret: string): string | null {
  if (!secret) return 'JWT_SECRET no está definido: genera uno con `openssl rand -base64 48`.';
  if (secret.length < 32) return 'JWT_SECRET es demasiado corto: usa al menos 32 caracteres aleatorios.';
  const distinct = new Set(secret).size;
  if (distinct < MIN_SECRET_DISTINCT_CHARS) {
    return `JWT_SECRET no parece aleatorio: tiene ${distinct} caracteres distintos (se piden al menos ${MIN_SECRET_DISTINCT_CHARS}); genera uno con \`openssl rand -base64 48\`.`;
  }
  return null;
}

/**
 * Openpay in production: its production API (OPENPAY_PRODUCTION=1), reached over https. On
 * Openpay's sandbox the test cards Openpay publishes are approved, so anyone could take real
 * tickets with them; over http the private key (sent with every call) travels in clear text.
 */
function openpayProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  // The gateway as the configuration chooses it; OPENPAY_API_URL is judged below from its raw text.
  const { pagos } = readConfig({ ...env, OPENPAY_API_URL: undefined });
  if (pagos.proveedor === 'openpay' && !pagos.production) {
    problems.push(
      'OPENPAY_PRODUCTION no es 1: las llaves de Openpay irían a su sandbox, donde sus tarjetas de prueba públicas comprarían boletos reales. Usa las llaves de producción con OPENPAY_PRODUCTION=1.',
    );
  }
  const apiUrl = env.OPENPAY_API_URL;
  if (apiUrl) {
    let url: URL | null = null;
    try {
      url = new URL(apiUrl);
    } catch {
      problems.push(`OPENPAY_API_URL no es una URL válida (es '${apiUrl}').`);
    }
    if (url && url.protocol !== 'https:') problems.push(`OPENPAY_API_URL debe usar https:// (es '${apiUrl}'): la llave privada viajaría sin cifrar.`);
    else if (url && url.host === new URL(OPENPAY_SANDBOX_URL).host) {
      problems.push(
        'OPENPAY_API_URL apunta al sandbox de Openpay, donde sus tarjetas de prueba públicas comprarían boletos reales: quítalo (OPENPAY_PRODUCTION=1 usa la API de producción).',
      );
    }
  }
  // The scripts that read card numbers in the buyer's browser are Openpay's own, nobody else's.
  if (env.OPENPAY_SCRIPT_URLS?.trim()) {
    problems.push(
      'OPENPAY_SCRIPT_URLS no se usa en producción: el navegador carga OpenPay.js de Openpay (js.openpay.mx), el único que debe ver los números de tarjeta. Quítalo.',
    );
  }
  return problems;
}

/**
 * What a production start (NODE_ENV=production) refuses, one Spanish line per problem. A shop
 * that takes payments must not run on a guessable secret, e-mail links built from a request's
 * Host header, development doors (local mailbox, remote overrides), or a payment gateway that
 * approves test cards or sends its key in clear text.
 */
export function productionProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  const secret = jwtSecretProblem(env.JWT_SECRET ?? '');
  if (secret) problems.push(secret);
  const publicUrl = env.PUBLIC_URL ?? '';
  if (!publicUrl) problems.push('PUBLIC_URL no está definido: los enlaces de los correos necesitan el origen de la tienda (https://…).');
  else if (!/^https:\/\/[^/\s]+\/?$/i.test(publicUrl)) problems.push(`PUBLIC_URL debe ser un origen https:// sin ruta (es '${publicUrl}').`);
  if (env.DEV_MAILBOX === '1') problems.push('DEV_MAILBOX=1 publica los enlaces de los correos en /dev/correos: quítalo en producción.');
  if (env.ALLOW_REMOTE_OVERRIDES === '1') {
    problems.push('ALLOW_REMOTE_OVERRIDES=1 deja cargar código de otros orígenes en la tienda: quítalo en producción.');
  }
  problems.push(...openpayProblems(env));
  return problems;
}

/** The message a refused start prints (then the process exits with status 1). */
export function productionRefusal(problems: string[]): string {
  return ['No se inicia en modo producción (NODE_ENV=production):', ...problems.map((p) => `  - ${p}`)].join('\n');
}
