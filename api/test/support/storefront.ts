import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EnvConfig } from '../../src/config';
import { buildTestApp, type TestApp } from './app';
import { buildSandboxApp } from './sandbox';

/**
 * The whole app (API + storefront) on a fresh test database, with a minimal shell build and
 * remote origin in a temp folder: what the security tests probe as a browser would. `sandbox`:
 * paying through the Openpay sandbox, its pages at /sandbox, as `pnpm start` runs it.
 */
export async function buildStorefrontApp(
  config: Partial<EnvConfig> = {},
  env?: Record<string, string | undefined>,
  opts: { sandbox?: boolean } = {},
): Promise<TestApp & { tmp: string }> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-sec-'));
  const shellDir = path.join(tmp, 'shell');
  const originDir = path.join(tmp, 'origin');
  fs.mkdirSync(shellDir, { recursive: true });
  fs.writeFileSync(
    path.join(shellDir, 'index.html'),
    '<!doctype html><html><head><script defer src="/main.js"></script></head><body><div id="root"></div></body></html>',
  );
  const remotes: Record<string, RegistryRecord> = {};
  for (const remote of ['catalog', 'seating', 'checkout']) remotes[remote] = releaseDeclaration(originDir, remote, '1.0.0', firstScreenOf(remote));
  fs.writeFileSync(path.join(originDir, 'catalog', '1.0.0', 'remoteEntry.js'), '//entry');
  fs.writeFileSync(path.join(originDir, 'remotes.json'), JSON.stringify({ remotes }));
  const t = await (opts.sandbox ? buildSandboxApp : buildTestApp)({ storefront: { shellDir, originDir }, config, env });
  return {
    ...t,
    tmp,
    close: async () => {
      await t.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/** A remote's own first-screen declaration, as its build puts it in taquilla-contract.json. */
export function firstScreenOf(remote: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(ROOT, `mfe-${remote}`, 'src', 'app', 'first-screen.json'), 'utf8'));
}

export interface RegistryRecord {
  current: string;
  history: { version: string; entry: string }[];
}

/**
 * A release of `remote` at `version` in the origin folder as far as the landing pages read it:
 * its taquilla-contract.json with `firstScreen` (no manifest: nothing to hint). Returns its
 * registry record (current = this version).
 */
export function releaseDeclaration(originDir: string, remote: string, version: string, firstScreen: unknown): RegistryRecord {
  const dir = path.join(originDir, remote, version);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'taquilla-contract.json'), JSON.stringify({ schema: 1, kind: 'remote', name: remote, version, firstScreen }));
  return { current: version, history: [{ version, entry: `${remote}/${version}/mf-manifest.json` }] };
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
