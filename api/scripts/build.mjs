// The compiled server for production: src/main.ts and @taquilla/shared (TypeScript source)
// bundled into dist/main.mjs; every npm dependency stays external (node_modules). Run with
// `NODE_ENV=production node api/dist/main.mjs` (see the root README, "Producción").
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';

const dir = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@taquilla/'));
// The commit this build comes from, shown by /api/v1/health (src/lib/version.ts).
let commit = 'desconocido';
try {
  commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim();
} catch {
  // Not a git checkout (an unpacked archive): the version alone identifies it.
}

await build({
  // The server, and the migrations alone (a deploy's one-shot step before the servers start).
  entryPoints: { main: path.join(dir, 'src', 'main.ts'), migrate: path.join(dir, 'src', 'cli', 'migrate.ts') },
  outdir: path.join(dir, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: external.flatMap((name) => [name, `${name}/*`]),
  sourcemap: true,
  define: { __TAQUILLA_VERSION__: JSON.stringify(pkg.version), __TAQUILLA_BUILD__: JSON.stringify(commit) },
  logLevel: 'warning',
  // Some bundled CommonJS helpers call require(): give the ES module one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
for (const file of ['main.mjs', 'migrate.mjs']) console.log(`✔ ${path.relative(process.cwd(), path.join(dir, 'dist', file))}`);
