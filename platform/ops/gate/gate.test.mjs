// The release gate, end to end: a live origin with every remote released from today's code, the
// shell built into a temp folder (SHELL_DIR), a shop running it (the smoke mount's, GATE_SHOP_URL),
// and each broken build of the issue released through the real `release` command: refused with
// its reason, exit 1, nothing changed in the origin. A good build still goes out; --force is
// audited. Each variant is built once (fixtures.mjs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dirFiles, runner } from '../ops-suite.mjs';
import { VARIANTS, buildVariant, liveOrigin } from './fixtures.mjs';
import { startGateShop } from './shop.mjs';
import { smokeMount } from './smoke.mjs';

/** The bus contract version today's builds are made with (shared/src/bus-contract.json). */
const BUS_VERSION = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../shared/src/bus-contract.json'), 'utf8')).version;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-gate-test-'));
const origin = path.join(tmp, 'origin');
const shellDir = path.join(tmp, 'shell');
const builds = {};
let shop;
let run;

const registry = () => JSON.parse(fs.readFileSync(path.join(origin, 'remotes.json'), 'utf8'));
const audit = () =>
  fs
    .readFileSync(path.join(origin, 'audit.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

beforeAll(async () => {
  await liveOrigin(tmp);
  builds.renamedEvent = buildVariant(tmp, 'seating', '1.0.1', VARIANTS.renamedEvent);
  builds.throwsOnMount = buildVariant(tmp, 'catalog', '1.0.1', VARIANTS.throwsOnMount);
  builds.sharedAhead = buildVariant(tmp, 'catalog', '1.0.2', VARIANTS.sharedAhead);
  builds.missingExpose = buildVariant(tmp, 'checkout', '1.0.1', VARIANTS.missingExpose);
  builds.changedProps = buildVariant(tmp, 'seating', '1.0.2', VARIANTS.changedProps);
  builds.good = buildVariant(tmp, 'seating', '1.0.3');
  shop = await startGateShop({ origin: { kind: 'dir', location: origin }, shellDir });
  ({ run } = runner({ env: () => ({ ORIGIN_DIR: origin, ORIGIN_S3_BUCKET: '', GATE_SHOP_URL: shop.base }) }, { SHELL_DIR: shellDir }));
}, 600_000);

afterAll(async () => {
  await shop?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Releases `dist` as `remote` `version` and expects a refusal matching every pattern, with nothing changed. */
async function expectRefused(remote, version, dist, patterns, extra = []) {
  const before = dirFiles(origin);
  const result = await run('release', remote, '--version', version, '--dist', dist, ...extra);
  expect(result.code, result.out).toBe(1);
  expect(result.err).toMatch(/^✖ La puerta de compatibilidad rechazó /);
  for (const pattern of patterns) expect(result.err).toMatch(pattern);
  expect(dirFiles(origin)).toEqual(before);
  return result;
}

describe('the compatibility gate in release', () => {
  it('refuses seating emitting a renamed bus event: checkout would never hear the selection', async () => {
    await expectRefused('seating', '1.0.1', builds.renamedEvent, [
      /✖ shell, checkout escucha "seating:selection-changed", que emitía seating, y seating 1\.0\.1 ya no lo emite/,
      new RegExp(
        `✖ seating 1\\.0\\.1 emite "seating:seleccion-cambiada", que no está en el contrato del bus \\(v${BUS_VERSION}\\) con el que se compiló: nadie lo espera`,
      ),
    ]);
  });

  it('refuses that build as a canary too: a canary reaches buyers, so it passes the same gate', async () => {
    await expectRefused('seating', '1.0.1', builds.renamedEvent, [/✖ shell, checkout escucha "seating:selection-changed"/], ['--canary', '10']);
  });

  it('the smoke mount alone sees it too: picking a seat sends an event nobody hears', async () => {
    const problems = await smokeMount({ shopUrl: shop.base, remote: 'seating', version: '1.0.1', dist: builds.renamedEvent });
    expect(problems.join('\n')).toMatch(/en \/eventos\/\d+\/\d+\/[^ ]+ nadie escuchó el evento del bus "seating:seleccion-cambiada"/);
  });

  it('refuses catalog whose list throws on mount (smoke mount in Chromium: error boundary and console)', async () => {
    await expectRefused('catalog', '1.0.1', builds.throwsOnMount, [
      /✖ prueba de montaje de catalog 1\.0\.1: en \/eventos la sección de catalog mostró «No pudimos cargar esta sección\.»/,
      /✖ prueba de montaje de catalog 1\.0\.1: error en la consola en \/eventos: .*EventList roto a propósito/,
    ]);
  });

  it('refuses catalog built against @taquilla/shared 0.3.0 while the shell provides 0.2.0', async () => {
    await expectRefused('catalog', '1.0.2', builds.sharedAhead, [
      /✖ catalog 1\.0\.2 necesita @taquilla\/shared 0\.3\.0 y el shell en producción comparte 0\.2\.0/,
    ]);
  });

  it('the browser refuses that build too: the mismatch is an error (strictVersion), the slot falls back', async () => {
    const problems = await smokeMount({ shopUrl: shop.base, remote: 'catalog', version: '1.0.2', dist: builds.sharedAhead });
    expect(problems.join('\n')).toMatch(/en \/eventos la sección de catalog mostró «No pudimos cargar esta sección\.»/);
  });

  it('refuses checkout without the CheckoutPanel module the seat page loads', async () => {
    await expectRefused('checkout', '1.0.1', builds.missingExpose, [/✖ checkout 1\.0\.1 ya no expone "CheckoutPanel", que el shell carga en sus rutas/]);
  });

  it('refuses seating whose VenueMap props no longer fit what the shell passes', async () => {
    await expectRefused('seating', '1.0.2', builds.changedProps, [
      /✖ Las props de seating\/VenueMap ya no encajan con el shell en producción: espera "idEvento" \(number\) y el shell no la pasa; el shell pasa "eventoId" y la nueva versión ya no la recibe/,
    ]);
  });

  it('a good build passes the gate (smoke mount included) and goes live', async () => {
    const result = await run('release', 'seating', '--version', '1.0.3', '--dist', builds.good, '--reason', 'mapa más rápido');
    expect(result.code, `${result.out}${result.err}`).toBe(0);
    expect(result.out).toMatch(/✔ puerta de compatibilidad: seating 1\.0\.3 encaja con lo publicado/);
    expect(registry().remotes.seating.current).toBe('1.0.3');
    expect(audit().at(-1)).toMatchObject({ remote: 'seating', action: 'release', to: '1.0.3', reason: 'mapa más rápido' });
  });

  it('--force needs a reason, skips the gate and is recorded as such in the audit trail and status', async () => {
    const before = dirFiles(origin);
    const bare = await run('release', 'seating', '--version', '1.0.1', '--dist', builds.renamedEvent, '--force');
    expect(bare.code).toBe(1);
    expect(bare.err).toMatch(/✖ --force salta la puerta de compatibilidad y necesita --reason/);
    expect(dirFiles(origin)).toEqual(before);

    const forced = await run('release', 'seating', '--version', '1.0.1', '--dist', builds.renamedEvent, '--force', '--reason', 'parche urgente de la taquilla');
    expect(forced.code, forced.err).toBe(0);
    expect(forced.out).toMatch(/⚠ --force: seating 1\.0\.1 sale SIN la puerta de compatibilidad/);
    expect(registry().remotes.seating.current).toBe('1.0.1');
    expect(audit().at(-1)).toMatchObject({ remote: 'seating', action: 'release --force', from: '1.0.3', to: '1.0.1', reason: 'parche urgente de la taquilla' });
    const status = await run('status');
    expect(status.out).toMatch(/seating publicó con --force \(sin la puerta\) 1\.0\.3 → 1\.0\.1 {2}por .* — «parche urgente de la taquilla»/);
  });
});
