import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { productionProblems } from '../../src/production-check';
import { runServerOnce } from '../support/api-process';

// The documented production start refuses unsafe configuration with a clear message.
const GOOD = {
  NODE_ENV: 'production',
  JWT_SECRET: 'Jm4qV8zR2tXw7nLp3sKb9yHc6dFg1aEu5oTiQ0vZ',
  PUBLIC_URL: 'https://boletos.taquilla.mx',
};

describe('production start', () => {
  it('accepts a complete configuration', () => {
    expect(productionProblems(GOOD)).toEqual([]);
  });

  it('names every unsafe setting', () => {
    expect(productionProblems({ NODE_ENV: 'production' })).toEqual([
      'JWT_SECRET no está definido: genera uno con `openssl rand -base64 48`.',
      'PUBLIC_URL no está definido: los enlaces de los correos necesitan el origen de la tienda (https://…).',
    ]);
    const bad = productionProblems({ ...GOOD, JWT_SECRET: 'corto', PUBLIC_URL: 'http://boletos.taquilla.mx', DEV_MAILBOX: '1', ALLOW_REMOTE_OVERRIDES: '1' });
    expect(bad).toHaveLength(4);
    expect(bad.join('\n')).toMatch(/JWT_SECRET es demasiado corto/);
    expect(bad.join('\n')).toMatch(/PUBLIC_URL debe ser un origen https/);
    expect(bad.join('\n')).toMatch(/DEV_MAILBOX=1/);
    expect(bad.join('\n')).toMatch(/ALLOW_REMOTE_OVERRIDES=1/);
  });

  it('development is not affected', () => {
    expect(productionProblems({ NODE_ENV: 'development', DEV_MAILBOX: '1' })).toEqual([]);
  });

  it('the server process exits with the message instead of starting', () => {
    const result = runServerOnce({ NODE_ENV: 'production', DEV_MAILBOX: '1' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('No se inicia en modo producción (NODE_ENV=production):');
    expect(result.stderr).toContain('JWT_SECRET no está definido');
    expect(result.stderr).toContain('DEV_MAILBOX=1');
  });

  it('the compiled server (pnpm build → dist/main.mjs) refuses the same way', () => {
    const built = spawnSync(process.execPath, ['scripts/build.mjs'], { encoding: 'utf8', timeout: 60_000 });
    expect(built.status, built.stderr).toBe(0);
    const result = spawnSync(process.execPath, ['dist/main.mjs'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', STOREFRONT: '0', PORT: '0', JWT_SECRET: 'x'.repeat(48), PUBLIC_URL: 'http://tienda.example' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PUBLIC_URL debe ser un origen https://');
  });
});
