// Lays out what a server machine runs, from a built checkout (shell built, `pnpm --filter
// @taquilla/api build` done), into OUT:
//   OUT/api/dist/{main,migrate}.mjs   the compiled server and the migration step
//   OUT/api/drizzle/                  migrations
//   OUT/api/node_modules/             the API's production dependencies only (pnpm deploy)
//   OUT/shell/dist/                   the shell's static files
// The image's runtime stage is this folder (platform/deploy/Dockerfile), and the fleet test runs
// its servers from it (api/fleet/fleet.ts): the same files, the same commands.
//   node platform/deploy/assemble.mjs OUT
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const out = path.resolve(process.argv[2] ?? '');
if (!process.argv[2]) {
  console.error('✖ uso: node platform/deploy/assemble.mjs <carpeta-de-salida>');
  process.exit(1);
}
for (const needed of ['api/dist/main.mjs', 'api/dist/migrate.mjs', 'shell/dist/index.html']) {
  if (!fs.existsSync(path.join(ROOT, needed))) {
    console.error(`✖ falta ${needed}: construye primero (pnpm --filter @taquilla/shell build; pnpm --filter @taquilla/api build)`);
    process.exit(1);
  }
}
fs.rmSync(out, { recursive: true, force: true });
const pnpm = process.env.PNPM ? [process.env.PNPM] : ['npx', '-y', 'pnpm@12.4.2'];
execFileSync(pnpm[0], [...pnpm.slice(1), '--filter', '@taquilla/api', '--prod', 'deploy', '--legacy', path.join(out, 'api-full')], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
});
// `pnpm deploy` records a production-only install as the workspace's state, and the next `pnpm
// <script>` would then prune the checkout's dev tools to match: validate the checkout again.
execFileSync(pnpm[0], [...pnpm.slice(1), 'install', '--frozen-lockfile', '--offline'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
fs.mkdirSync(path.join(out, 'api'), { recursive: true });
for (const part of ['package.json', 'dist', 'drizzle', 'node_modules']) fs.renameSync(path.join(out, 'api-full', part), path.join(out, 'api', part));
fs.rmSync(path.join(out, 'api-full'), { recursive: true, force: true });
fs.cpSync(path.join(ROOT, 'shell', 'dist'), path.join(out, 'shell', 'dist'), { recursive: true });
console.log(`✔ servidor listo en ${out} (node api/dist/migrate.mjs; node api/dist/main.mjs)`);
