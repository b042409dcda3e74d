import path from 'node:path';
import { build } from 'esbuild';

let bundled: Promise<string> | undefined;

/**
 * The sandbox's OpenPay.js (./browser/openpay.ts, with @taquilla/shared/cards inside), bundled
 * by esbuild into one ES2017 script on first request and kept.
 */
export function openpayBrowserScript(): Promise<string> {
  bundled ??= build({
    entryPoints: [path.join(import.meta.dirname, 'browser', 'openpay.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2017',
    minify: true,
    platform: 'browser',
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]!.text);
  return bundled;
}
