import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EnvConfig } from '../../src/config';
import { buildTestApp, type TestApp } from './app';

/**
 * The whole app (API + storefront) on a fresh test database, with a minimal shell build and
 * remote origin in a temp folder: what the security tests probe as a browser would.
 */
export async function buildStorefrontApp(config: Partial<EnvConfig> = {}, env?: Record<string, string | undefined>): Promise<TestApp & { tmp: string }> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-sec-'));
  const shellDir = path.join(tmp, 'shell');
  const originDir = path.join(tmp, 'origin');
  fs.mkdirSync(shellDir, { recursive: true });
  fs.mkdirSync(path.join(originDir, 'catalog', '1.0.0'), { recursive: true });
  fs.writeFileSync(path.join(shellDir, 'index.html'), '<!doctype html><html><head><script defer src="/main.js"></script></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(originDir, 'catalog', '1.0.0', 'remoteEntry.js'), '//entry');
  fs.writeFileSync(path.join(originDir, 'remotes.json'), JSON.stringify({ remotes: {} }));
  const t = await buildTestApp({ storefront: { shellDir, originDir }, config, env });
  return {
    ...t,
    tmp,
    close: async () => {
      await t.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/** A CSP header as { directive: [sources] }. */
export function parseCsp(header: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}
