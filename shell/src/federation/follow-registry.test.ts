import { afterEach, describe, expect, it, vi } from 'vitest';
import { bus, savedHold, type AsientoSeleccionado } from '@taquilla/shared';
import { changedRemotes, REGISTRY_MAX_AGE_MS, registryFollower } from './follow-registry';
import { purchaseGuard, readTabVersions, saveTabVersions, TAB_VERSIONS_KEY } from './purchase-guard';
import type { ResolvedRemote } from './registry';

const at = (name: ResolvedRemote['name'], version: string, source: ResolvedRemote['source'] = 'registry'): ResolvedRemote => ({
  name,
  version,
  entry: source === 'override' ? `http://localhost:3011/${name}/mf-manifest.json` : `http://tienda.test/remotes/${name}/${version}/mf-manifest.json`,
  source,
});

afterEach(() => sessionStorage.clear());

function setup(initial: ResolvedRemote[], { safe = (): boolean => true }: { safe?: () => boolean } = {}) {
  let running = initial;
  let registry: ResolvedRemote[] | null = initial;
  let clock = 0;
  const apply = vi.fn((changed: ResolvedRemote[]) => {
    running = running.map((r) => changed.find((c) => c.name === r.name) ?? r);
  });
  const read = vi.fn(async () => registry);
  const follower = registryFollower({ read, running: () => running, apply, safe, now: () => clock });
  return {
    follower,
    apply,
    read,
    running: () => running,
    publish: (next: ResolvedRemote[] | null) => (registry = next),
    advance: (ms: number) => (clock += ms),
  };
}

describe('a tab following the registry', () => {
  it('switches exactly the remotes whose version changed (a rollback), and leaves an override alone', async () => {
    const t = setup([at('catalog', '1.0.1'), at('seating', '2.0.0'), at('auth', 'override', 'override')]);
    t.publish([at('catalog', '1.0.0'), at('seating', '2.0.0'), at('auth', '1.0.0')]);
    expect(await t.follower.check()).toBe(true);
    expect(t.apply).toHaveBeenCalledExactlyOnceWith([at('catalog', '1.0.0')]);
    expect(t.running().map((r) => r.version)).toEqual(['1.0.0', '2.0.0', 'override']);
    expect(await t.follower.check()).toBe(false);
    expect(t.apply).toHaveBeenCalledOnce();
  });

  it('never switches while a purchase is in progress; the change waits for the next safe moment', async () => {
    let buying = true;
    const t = setup([at('checkout', '1.1.0')], { safe: () => !buying });
    t.publish([at('checkout', '1.0.0')]);
    expect(await t.follower.check()).toBe(false);
    expect(t.apply).not.toHaveBeenCalled();
    expect(t.follower.pending()).toEqual([at('checkout', '1.0.0')]);
    // Still buying at the next navigation (fresh reading, nothing re-read): still waiting.
    expect(await t.follower.stale()).toBe(false);
    buying = false;
    expect(await t.follower.stale()).toBe(true);
    expect(t.apply).toHaveBeenCalledExactlyOnceWith([at('checkout', '1.0.0')]);
    expect(t.read).toHaveBeenCalledOnce();
  });

  it('a navigation re-reads the registry only once the last reading is REGISTRY_MAX_AGE_MS old', async () => {
    const t = setup([at('catalog', '1.0.0')]);
    t.publish([at('catalog', '1.0.1')]);
    t.advance(REGISTRY_MAX_AGE_MS - 1);
    expect(await t.follower.stale()).toBe(false);
    expect(t.read).not.toHaveBeenCalled();
    t.advance(1);
    expect(await t.follower.stale()).toBe(true);
    expect(t.running()[0]!.version).toBe('1.0.1');
  });

  it('a follower that arrives after the start-up reading ages from that reading, not from its own arrival', async () => {
    let clock = 5_000;
    const read = vi.fn(async () => [at('catalog', '1.0.1')]);
    let running = [at('catalog', '1.0.0')];
    const apply = vi.fn((changed: ResolvedRemote[]) => (running = changed));
    // Read at 0 ms; the follower's chunk arrived after the load event, at 5 s.
    const follower = registryFollower({ read, running: () => running, apply, safe: () => true, now: () => clock, readAt: 0 });
    clock = REGISTRY_MAX_AGE_MS - 1;
    expect(await follower.stale()).toBe(false);
    clock = REGISTRY_MAX_AGE_MS;
    expect(await follower.stale()).toBe(true);
    expect(read).toHaveBeenCalledOnce();
    expect(running[0]!.version).toBe('1.0.1');
  });

  it('an unreadable registry changes nothing', async () => {
    const t = setup([at('catalog', '1.0.0')]);
    t.publish(null);
    expect(await t.follower.check()).toBe(false);
    t.read.mockRejectedValueOnce(new Error('503'));
    expect(await t.follower.check()).toBe(false);
    expect(t.apply).not.toHaveBeenCalled();
  });

  it('changedRemotes: a remote new in the registry counts as changed', () => {
    expect(changedRemotes([at('account', '1.0.0')], [at('catalog', '1.0.0')])).toEqual([at('account', '1.0.0')]);
  });
});

describe('purchaseGuard: the buyer is mid-purchase', () => {
  it("while checkout keeps the tab's saved hold (savedHoldAtom)", () => {
    const guard = purchaseGuard();
    expect(guard.inProgress()).toBe(false);
    savedHold.write({ eventoId: '1', reservaId: 'r', esGeneral: false });
    expect(guard.inProgress()).toBe(true);
    expect(guard.holdLive()).toBe(true);
    guard.newPage();
    expect(guard.inProgress()).toBe(true);
    savedHold.clear();
    expect(guard.inProgress()).toBe(false);
    guard.dispose();
  });

  it('while seats are chosen on the map, until the selection empties, a hold ends or the page changes; after a sale, until the next page', () => {
    const guard = purchaseGuard();
    const seat = (id: number): AsientoSeleccionado => ({ id, numero: id, fila: 'A', categoria: 'VIP', color: '#c00', precio: 100_000 });
    const select = (ids: number[]) => bus.emit('seating:selection-changed', { eventoId: '1', seccionId: '2', asientos: ids.map(seat) });
    select([1]);
    expect(guard.inProgress()).toBe(true);
    select([]);
    expect(guard.inProgress()).toBe(false);
    select([1, 2]);
    bus.emit('checkout:released', { eventoId: '1', reservaId: 'r', reason: 'cancelled' });
    expect(guard.inProgress()).toBe(false);
    select([1]);
    guard.newPage();
    expect(guard.inProgress()).toBe(false);
    // The sale's confirmation stays on screen as it is, until the buyer moves on.
    bus.emit('checkout:released', { eventoId: '1', reservaId: 'r', reason: 'sold' });
    expect(guard.inProgress()).toBe(true);
    guard.newPage();
    expect(guard.inProgress()).toBe(false);
    guard.dispose();
    select([1]);
    expect(guard.inProgress()).toBe(false);
  });
});

describe('the tab’s versions, kept for a reload mid-purchase', () => {
  it('saves the registry versions (not overrides) and reads them back; junk reads as none', () => {
    saveTabVersions(sessionStorage, [at('catalog', '1.0.1'), at('auth', 'override', 'override')]);
    expect(JSON.parse(sessionStorage.getItem(TAB_VERSIONS_KEY)!)).toEqual({ catalog: '1.0.1' });
    expect(readTabVersions(sessionStorage)).toEqual({ catalog: '1.0.1' });
    sessionStorage.setItem(TAB_VERSIONS_KEY, '{roto');
    expect(readTabVersions(sessionStorage)).toEqual({});
    sessionStorage.setItem(TAB_VERSIONS_KEY, JSON.stringify({ catalog: 3, seating: '1.0.0' }));
    expect(readTabVersions(sessionStorage)).toEqual({ seating: '1.0.0' });
  });
});
