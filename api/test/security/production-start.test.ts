import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig, REPO_ROOT } from '../../src/config';
import { MIN_SECRET_DISTINCT_CHARS, productionProblems } from '../../src/production-check';
import { runServerOnce } from '../support/api-process';

// Issue 27, finding 8: the production start check also refuses a JWT_SECRET with too little
// variety, Openpay keys on Openpay's sandbox, and an Openpay API reached over http://.
const GOOD = {
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(48).toString('base64'),
  PUBLIC_URL: 'https://boletos.taquilla.mx',
};
const OPENPAY = { OPENPAY_MERCHANT_ID: 'mzdtln0bmtms6o3kck8f', OPENPAY_PRIVATE_KEY: 'sk_e568c42a6c384b7ab02cd47d2e407cab', OPENPAY_PUBLIC_KEY: 'pk_a1b2c3' };

describe('JWT_SECRET variety', () => {
  it.each([
    ['one repeated character', 'x'.repeat(48)],
    ['two characters in turn', 'ab'.repeat(24)],
    ['a repeated word', 'changeme-'.repeat(5)],
    ['one digit run repeated', '123456789'.repeat(5)],
  ])('%s is refused, with how many different characters it has', (_label, secret) => {
    const problems = productionProblems({ ...GOOD, JWT_SECRET: secret });
    expect(problems).toEqual([
      `JWT_SECRET no parece aleatorio: tiene ${new Set(secret).size} caracteres distintos (se piden al menos ${MIN_SECRET_DISTINCT_CHARS}); genera uno con \`openssl rand -base64 48\`.`,
    ]);
  });

  it('secrets made as the README says (openssl rand -base64 48) or as hex (openssl rand -hex 32) pass', () => {
    for (let i = 0; i < 200; i++) {
      expect(productionProblems({ ...GOOD, JWT_SECRET: randomBytes(48).toString('base64') })).toEqual([]);
      expect(productionProblems({ ...GOOD, JWT_SECRET: randomBytes(32).toString('hex') })).toEqual([]);
    }
  });
});

describe('Openpay in production', () => {
  it('keys without OPENPAY_PRODUCTION=1 (Openpay sandbox: its public test cards would buy real tickets) are refused', () => {
    // Anything but 1/0 (e.g. 'no') is refused sooner, by the configuration itself (config.test.ts).
    expect(() => readConfig({ ...GOOD, ...OPENPAY, OPENPAY_PRODUCTION: 'no' })).toThrow('OPENPAY_PRODUCTION debe ser 1 o 0 (es «no»)');
    for (const flag of [undefined, '', '0', 'false']) {
      expect(productionProblems({ ...GOOD, ...OPENPAY, OPENPAY_PRODUCTION: flag })).toEqual([
        'OPENPAY_PRODUCTION no es 1: las llaves de Openpay irían a su sandbox, donde sus tarjetas de prueba públicas comprarían boletos reales. Usa las llaves de producción con OPENPAY_PRODUCTION=1.',
      ]);
    }
    expect(productionProblems({ ...GOOD, ...OPENPAY, OPENPAY_PRODUCTION: '1' })).toEqual([]);
  });

  it('OPENPAY_API_URL over http://, on Openpay sandbox or not a URL is refused; https:// is accepted', () => {
    const withUrl = (url: string) => productionProblems({ ...GOOD, ...OPENPAY, OPENPAY_PRODUCTION: '1', OPENPAY_API_URL: url });
    expect(withUrl('http://api.openpay.mx')).toEqual([
      "OPENPAY_API_URL debe usar https:// (es 'http://api.openpay.mx'): la llave privada viajaría sin cifrar.",
    ]);
    expect(withUrl('HTTP://127.0.0.1:9000/')).toEqual([expect.stringMatching(/^OPENPAY_API_URL debe usar https:\/\//)]);
    expect(withUrl('https://sandbox-api.openpay.mx')).toEqual([expect.stringMatching(/^OPENPAY_API_URL apunta al sandbox de Openpay/)]);
    expect(withUrl('api.openpay.mx')).toEqual(["OPENPAY_API_URL no es una URL válida (es 'api.openpay.mx')."]);
    expect(withUrl('https://api.openpay.mx')).toEqual([]);
  });

  it("OPENPAY_SCRIPT_URLS (another OpenPay.js, as the dev sandbox serves) is refused: card numbers go to Openpay's own script only", () => {
    expect(productionProblems({ ...GOOD, ...OPENPAY, OPENPAY_PRODUCTION: '1', OPENPAY_SCRIPT_URLS: 'https://cdn.example/openpay.js' })).toEqual([
      'OPENPAY_SCRIPT_URLS no se usa en producción: el navegador carga OpenPay.js de Openpay (js.openpay.mx), el único que debe ver los números de tarjeta. Quítalo.',
    ]);
  });

  it('development is not affected', () => {
    expect(productionProblems({ NODE_ENV: 'development', JWT_SECRET: 'x'.repeat(48), ...OPENPAY, OPENPAY_API_URL: 'http://127.0.0.1:9000' })).toEqual([]);
  });
});

describe('the server process', () => {
  it('exits with every new refusal instead of starting', () => {
    const result = runServerOnce({ ...GOOD, ...OPENPAY, JWT_SECRET: 'x'.repeat(48), OPENPAY_API_URL: 'http://127.0.0.1:9' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('No se inicia en modo producción (NODE_ENV=production):');
    expect(result.stderr).toContain('JWT_SECRET no parece aleatorio');
    expect(result.stderr).toContain('OPENPAY_PRODUCTION no es 1');
    expect(result.stderr).toContain('OPENPAY_API_URL debe usar https://');
  });
});

describe('README "Producción"', () => {
  it('names every setting the start check refuses', () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Producción'), readme.indexOf('\n## ', readme.indexOf('## Producción') + 1));
    const everyProblem = [
      ...productionProblems({ NODE_ENV: 'production' }),
      ...productionProblems({ NODE_ENV: 'production', JWT_SECRET: 'corto', PUBLIC_URL: 'http://x.mx', DEV_MAILBOX: '1', ALLOW_REMOTE_OVERRIDES: '1' }),
      ...productionProblems({ ...GOOD, JWT_SECRET: 'x'.repeat(48), ...OPENPAY, OPENPAY_API_URL: 'http://x.mx' }),
      ...productionProblems({
        ...GOOD,
        ...OPENPAY,
        OPENPAY_PRODUCTION: '1',
        OPENPAY_API_URL: 'https://sandbox-api.openpay.mx',
        OPENPAY_SCRIPT_URLS: '/sandbox/openpay.js',
      }),
    ];
    const settings = new Set(everyProblem.map((p) => /^[A-Z_]+/.exec(p)![0]));
    expect([...settings].sort()).toEqual([
      'ALLOW_REMOTE_OVERRIDES',
      'DEV_MAILBOX',
      'JWT_SECRET',
      'OPENPAY_API_URL',
      'OPENPAY_PRODUCTION',
      'OPENPAY_SCRIPT_URLS',
      'PUBLIC_URL',
    ]);
    for (const setting of settings) expect(section, setting).toContain(`\`${setting}`);
    expect(section).toMatch(/distintos|different characters/);
  });
});
