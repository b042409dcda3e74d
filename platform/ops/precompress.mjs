// Brotli and gzip copies of every compressible static file, made once at release/build time
// (maximum quality: brotli 11 costs seconds here, never per request), served by
// @fastify/static `preCompressed` by Accept-Encoding. Usable as a command:
//   node platform/ops/precompress.mjs <folder>
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
// Which files get a copy: compressible types, except the small no-store files that decide which
// code runs (a copy must never answer for a manifest or entry that ops moved away or replaced).
import { mayHaveCompressedCopy } from '../origin/files.mjs';

/** Below this a compressed copy saves less than its own headers (the server's threshold too). */
const MIN_BYTES = 1024;

/** Writes `<file>.br` and `<file>.gz` beside each compressible file under `dir`; returns how many files. */
export function precompressDir(dir) {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !mayHaveCompressedCopy(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const body = fs.readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
    count += 1;
  }
  return count;
}

// Run as a command only under its own name: bundled into another program (the API's
// dist/main.mjs imports the ops library), import.meta.url is that program's.
if (path.basename(process.argv[1] ?? '') === 'precompress.mjs' && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2];
  if (!dir || !fs.existsSync(dir)) {
    console.error('Uso: node platform/ops/precompress.mjs <carpeta>');
    process.exit(1);
  }
  console.log(`✔ ${precompressDir(path.resolve(dir))} archivos con copia .br y .gz en ${dir}`);
}
