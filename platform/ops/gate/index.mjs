// The release gate: before `current` (or a canary) moves, the new build of one remote is
// checked against what is live, and every reason to refuse it is returned (none: it may go).
//
//   const reasons = await checkRelease({ origin, remote, version, dist });
//
// 1. shared singletons: what the build requires, against what the live shell provides;
// 2. slots: every module the shell's routes load is exposed, with props that still fit;
// 3. bus: what live builds listen to is still emitted; what the build emits and listens to is
//    in the bus contract every live build was built with;
// 4. smoke mount (only when 1–3 pass): the build loaded into the live shell with the other live
//    remotes in headless Chromium, on the pages that mount it (smoke.mjs).
// The live shell is the folder the API serves (SHELL_DIR, default shell/dist): its
// taquilla-contract.json says what it provides and loads. Nothing is written anywhere.
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, ROOT } from '../lib.mjs';
import { CONTRACT_FILE } from '../../build/contract-plugin.mjs';
import { checkBus, checkShared, checkSlots } from './checks.mjs';
import { smokeMount } from './smoke.mjs';
import { withGateShop } from './shop.mjs';

export { smokeMount } from './smoke.mjs';

const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);

/** A build's declaration in the origin (`<remote>/<version>/taquilla-contract.json`), or null. */
async function liveContract(origin, remote, version) {
  const file = await origin.readFile(`${remote}/${version}/${CONTRACT_FILE}`).catch(() => null);
  return file ? JSON.parse(file.toString('utf8')) : null;
}

/**
 * @param {{ origin: import('../../origin/index.mjs').Origin, remote: string, version: string,
 *   dist: string, shellDir?: string, shopUrl?: string, smoke?: boolean }} options
 *   shopUrl: a running shop for the smoke mount (GATE_SHOP_URL); none: one is started here.
 * @returns {Promise<string[]>} the reasons to refuse the release, in Spanish
 */
export async function checkRelease({
  origin,
  remote,
  version,
  dist,
  shellDir = process.env.SHELL_DIR || path.join(ROOT, 'shell', 'dist'),
  shopUrl = process.env.GATE_SHOP_URL || undefined,
  smoke = true,
}) {
  const manifest = readJson(path.join(dist, 'mf-manifest.json'));
  const contract = readJson(path.join(dist, CONTRACT_FILE));
  const shell = readJson(path.join(shellDir, CONTRACT_FILE));
  if (!manifest) return [`No hay build de ${remote} en ${dist} (falta mf-manifest.json).`];
  if (!contract)
    return [`La build de ${remote} ${version} no declara su contrato (${CONTRACT_FILE}): compílala con la fábrica de builds actual (platform/build).`];
  if (!shell)
    return [
      `El shell en producción (${shellDir}) no declara su contrato (${CONTRACT_FILE}): despliega un shell compilado con la fábrica actual, o apunta SHELL_DIR a él.`,
    ];

  const registry = await origin.readRegistry();
  const live = [{ name: 'shell', version: shell.version, contract: shell }];
  for (const [name, entry] of Object.entries(registry.remotes)) {
    if (name !== remote && entry?.current) live.push({ name, version: entry.current, contract: await liveContract(origin, name, entry.current) });
  }
  const current = registry.remotes[remote]?.current;
  const before = current ? await liveContract(origin, remote, current) : null;

  const reasons = [
    ...checkShared({ remote, version, manifest, shell }),
    ...checkSlots({ remote, version, manifest, contract, shell }),
    ...checkBus({ remote, version, contract, before, live }),
  ];
  if (reasons.length || !smoke) return reasons;
  // An origin still being filled (its first releases) has no whole shop to mount into: the
  // pages would show the missing remotes' fallbacks whatever the build. The smoke runs once
  // every remote is live.
  const missing = REMOTE_NAMES.filter((name) => name !== remote && !registry.remotes[name]?.current);
  if (missing.length) {
    console.log(`  (sin prueba de montaje: aún no hay versión en vigor de ${missing.join(', ')})`);
    return reasons;
  }
  const mount = (url) => smokeMount({ shopUrl: url, remote, version, dist });
  return shopUrl ? mount(shopUrl) : withGateShop({ origin, shellDir }, mount);
}
