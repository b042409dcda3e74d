import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REMOTE_NAMES } from '../registry.mjs';
import { busUsage, firstScreen } from './contract-plugin.mjs';

// The contracts in shared (bus-contract.json, remote-contract.json) hold for today's code: what
// each build's declaration will say (bus events read from its sources, its exposes) agrees with
// them. A change to the code that the contract does not follow fails here, before any release.
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const read = (file) => JSON.parse(fs.readFileSync(path.join(ROOT, 'shared/src', file), 'utf8'));
const bus = read('bus-contract.json');
const slots = read('remote-contract.json').slots;

const sources = (...dirs) =>
  dirs.flatMap((dir) =>
    fs
      .readdirSync(path.join(ROOT, dir), { recursive: true })
      .map((file) => path.join(ROOT, dir, file))
      .filter((file) => /\.tsx?$/.test(file) && !/\.(test|spec)\.tsx?$/.test(file) && !/[\\/]testing[\\/]/.test(file)),
  );

describe('the bus contract matches the code', () => {
  const builds = [['shell', sources('shell/src', 'shared/src')], ...REMOTE_NAMES.map((r) => [r, sources(`mfe-${r}/src`)])];

  it.each(builds)('%s emits only events it is a producer of, and listens only to events it is a listener of', (name, files) => {
    const { emits, listens } = busUsage(files);
    for (const type of emits) expect(bus.events[type]?.producers, `${name} emite ${type}`).toContain(name);
    for (const type of listens) expect(bus.events[type]?.listeners, `${name} escucha ${type}`).toContain(name);
  });

  it('every event has a producer that emits it and a listener that listens to it (no dead events)', () => {
    const usage = Object.fromEntries(builds.map(([name, files]) => [name, busUsage(files)]));
    for (const [type, event] of Object.entries(bus.events)) {
      expect(
        event.producers.some((p) => usage[p].emits.includes(type)),
        `nadie emite ${type}`,
      ).toBe(true);
      expect(
        event.listeners.some((l) => usage[l].listens.includes(type)),
        `nadie escucha ${type}`,
      ).toBe(true);
    }
  });
});

describe('the slot contract matches what each remote exposes', () => {
  it.each(REMOTE_NAMES)('%s exposes every module the shell loads from it', async (remote) => {
    const config = fs.readFileSync(path.join(ROOT, `mfe-${remote}/rspack.config.mjs`), 'utf8');
    const exposed = [...config.matchAll(/'\.\/(\w+)':/g)].map((m) => m[1]);
    expect(exposed.sort()).toEqual(expect.arrayContaining(Object.keys(slots[remote]).sort()));
  });
});

describe('first-screen declarations (src/app/first-screen.json)', () => {
  it.each(REMOTE_NAMES)('%s declares first answers only for modules it exposes, as API paths', (remote) => {
    const config = fs.readFileSync(path.join(ROOT, `mfe-${remote}/rspack.config.mjs`), 'utf8');
    const exposed = [...config.matchAll(/'\.\/(\w+)':/g)].map((m) => m[1]);
    for (const [module, declared] of Object.entries(firstScreen(path.join(ROOT, `mfe-${remote}`)) ?? {})) {
      expect(exposed, `${remote} declara ${module}`).toContain(module);
      for (const entry of declared.data ?? []) {
        const url = typeof entry === 'string' ? entry : entry.url;
        expect(url, `${remote}/${module}`).toMatch(/^\/[\w{}/.?=&-]+$/);
      }
    }
  });
});
