// Deliberately broken builds of a remote, for the gate's tests and its bench: the remote and
// @taquilla/shared copied into a temp workspace (their node_modules links kept, so nothing is
// installed), edited, and built with the remote's own rspack CLI exactly as `release` builds.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, ROOT, packageVersion, publish } from '../lib.mjs';

const copyPackage = (name, into) =>
  fs.cpSync(path.join(ROOT, name), path.join(into, name), {
    recursive: true,
    verbatimSymlinks: true,
    filter: (src) => !/[\\/](dist|\.vite|\.cache)$/.test(src),
  });

/**
 * Builds `remote` at `version` into a new folder under `under` (removing `under` removes it) and
 * returns it. `edit(workspace)` changes the copy first: `<workspace>/mfe-<remote>/…` and
 * `<workspace>/shared/…` (helpers below).
 */
export function buildVariant(under, remote, version, edit = () => {}) {
  const workspace = fs.mkdtempSync(path.join(under, `variant-${remote}-`));
  copyPackage(`mfe-${remote}`, workspace);
  copyPackage('shared', workspace);
  // The copies' node_modules links are relative (../../node_modules/.pnpm/…): point those at the repo's.
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(workspace, 'node_modules'));
  fs.symlinkSync(path.join(ROOT, 'platform'), path.join(workspace, 'platform'));
  edit(workspace);
  const dir = path.join(workspace, `mfe-${remote}`);
  const out = path.join(workspace, 'dist');
  const result = spawnSync(process.execPath, [path.join(dir, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js'), 'build'], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production', REMOTE_VERSION: version, REMOTE_OUTPUT_DIR: out },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`build of the ${remote} variant failed:\n${result.stdout}\n${result.stderr}`);
  return out;
}

/** Replaces `from` by `to` in a file of the workspace; fails when `from` is not there (the fixture went stale). */
export function replaceIn(workspace, file, from, to) {
  const full = path.join(workspace, file);
  const text = fs.readFileSync(full, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} no longer contains ${JSON.stringify(from)}`);
  fs.writeFileSync(full, text.split(from).join(to));
}

/** Edits a JSON file of the workspace in place. */
export function editJson(workspace, file, change) {
  const full = path.join(workspace, file);
  const value = JSON.parse(fs.readFileSync(full, 'utf8'));
  change(value);
  fs.writeFileSync(full, `${JSON.stringify(value, null, 2)}\n`);
}

/** The broken variants the issue describes, each one edit away from today's remote. */
export const VARIANTS = {
  /** seating sends its selection under a new name: checkout never hears it. */
  renamedEvent: (w) =>
    replaceIn(w, 'mfe-seating/src/features/seat-map/hooks/use-seat-selection.ts', "'seating:selection-changed'", "'seating:seleccion-cambiada'"),
  /** catalog's list throws as it mounts (its own unit tests would fail). */
  throwsOnMount: (w) =>
    fs.writeFileSync(
      path.join(w, 'mfe-catalog/src/app/EventList.tsx'),
      "export default function EventList(): never {\n  throw new Error('EventList roto a propósito');\n}\n",
    ),
  /** built against @taquilla/shared 0.3.0 while the shell provides 0.2.0. */
  sharedAhead: (w) => editJson(w, 'shared/package.json', (pkg) => (pkg.version = '0.3.0')),
  /** checkout no longer exposes the panel the seat page loads. */
  missingExpose: (w) => replaceIn(w, 'mfe-checkout/rspack.config.mjs', "'./CheckoutPanel': './src/app/CheckoutPanel.tsx',", ''),
  /** seating's venue map now wants `idEvento` (a number) instead of `eventoId`. */
  changedProps: (w) => editJson(w, 'shared/src/remote-contract.json', (contract) => (contract.slots.seating.VenueMap = { idEvento: 'number' })),
};

/**
 * A live shop's release side in `folder`: the shell built as a deployment builds it
 * (`<folder>/shell`, for SHELL_DIR) and every remote released at its package.json version from
 * today's code into the origin `<folder>/origin`.
 */
export async function liveOrigin(folder) {
  const origin = path.join(folder, 'origin');
  const shellDir = path.join(folder, 'shell');
  const shell = spawnSync(process.execPath, [path.join(ROOT, 'shell/node_modules/@rspack/cli/bin/rspack.js'), 'build'], {
    cwd: path.join(ROOT, 'shell'),
    env: { ...process.env, NODE_ENV: 'production', SHELL_OUTPUT_DIR: shellDir },
    encoding: 'utf8',
  });
  if (shell.status !== 0) throw new Error(`shell build failed:\n${shell.stdout}\n${shell.stderr}`);
  for (const remote of REMOTE_NAMES) await publish(remote, packageVersion(remote), { origin, dist: buildVariant(folder, remote, packageVersion(remote)) });
  return { origin, shellDir };
}
