import { afterEach, describe, expect, it, vi } from 'vitest';
import { store } from '@taquilla/shared';
import { loadRemotes } from './load-remotes';
import { clearOverrides, readOverrides, saveOverrides } from './overrides';
import { applyOverrides, parseRegistry, RegistryError } from './registry';
import { initialRemotesState, remotesAtom } from './remotes-state';

const REGISTRY_URL = 'http://tienda.test/remotes/remotes.json';

const registry = {
  remotes: {
    catalog: {
      current: '1.1.0',
      history: [
        { version: '1.0.0', entry: '/remotes/catalog/1.0.0/mf-manifest.json', publishedAt: '2026-11-01T00:00:00Z' },
        { version: '1.1.0', entry: 'catalog/1.1.0/mf-manifest.json', publishedAt: '2026-11-02T00:00:00Z' },
      ],
    },
    seating: {
      current: '2.0.0',
      history: [{ version: '2.0.0', entry: 'https://cdn.test/seating/2.0.0/mf-manifest.json', publishedAt: 'x' }],
    },
    marketing: { current: '1.0.0', history: [{ version: '1.0.0', entry: '/remotes/marketing/1.0.0/mf-manifest.json' }] },
  },
};

afterEach(() => store.set(remotesAtom, initialRemotesState));

describe('parseRegistry', () => {
  it("registers each known remote's current release, resolving relative entries against the registry URL", () => {
    const warn = vi.fn();
    expect(parseRegistry(registry, REGISTRY_URL, warn)).toEqual([
      { name: 'catalog', version: '1.1.0', entry: 'http://tienda.test/remotes/catalog/1.1.0/mf-manifest.json', source: 'registry' },
      { name: 'seating', version: '2.0.0', entry: 'https://cdn.test/seating/2.0.0/mf-manifest.json', source: 'registry' },
    ]);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]![0]).toContain('"marketing"');
  });

  it('keeps root-relative entries on the origin', () => {
    const rolledBack = { remotes: { catalog: { ...registry.remotes.catalog, current: '1.0.0' } } };
    expect(parseRegistry(rolledBack, REGISTRY_URL, vi.fn())[0]!.entry).toBe('http://tienda.test/remotes/catalog/1.0.0/mf-manifest.json');
  });

  it('skips (with a warning) a remote whose current version has no release record', () => {
    const warn = vi.fn();
    const broken = { remotes: { catalog: { current: '9.9.9', history: [] }, account: 'nada' } };
    expect(parseRegistry(broken, REGISTRY_URL, warn)).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it.each([null, 'texto', [], {}, { remotes: [] }, { remotes: 'x' }])('rejects a malformed registry: %j', (raw) => {
    expect(() => parseRegistry(raw, REGISTRY_URL, vi.fn())).toThrow(RegistryError);
  });
});

describe('parseRegistry: canary and versions kept by the tab', () => {
  const withCanary = {
    remotes: {
      seating: {
        current: '2.0.0',
        canary: { version: '2.1.0', percent: 10, startedAt: '2026-11-27T00:00:00Z' },
        history: [
          { version: '2.0.0', entry: 'seating/2.0.0/mf-manifest.json', publishedAt: 'x' },
          { version: '2.1.0', entry: 'seating/2.1.0/mf-manifest.json', publishedAt: 'y' },
        ],
      },
    },
  };
  const seating = (choice?: Parameters<typeof parseRegistry>[3]) => parseRegistry(withCanary, REGISTRY_URL, vi.fn(), choice)[0]!;
  const cohorts = Array.from({ length: 10_000 }, (_, i) => i);

  it('without a cohort (an old reader) everybody gets current', () => {
    expect(seating()).toEqual({ name: 'seating', version: '2.0.0', entry: 'http://tienda.test/remotes/seating/2.0.0/mf-manifest.json', source: 'registry' });
  });

  it('about the canary’s percentage of cohorts get the canary, marked; the rest current', () => {
    const picked = cohorts.map((cohort) => seating({ cohort }));
    const canary = picked.filter((r) => r.version === '2.1.0');
    expect(canary.length).toBe(1000);
    expect(canary.every((r) => r.canary === true && r.entry.endsWith('/seating/2.1.0/mf-manifest.json'))).toBe(true);
    expect(picked.filter((r) => r.version === '2.0.0').every((r) => r.canary === undefined)).toBe(true);
  });

  it('the same cohort always gets the same answer (sticky)', () => {
    for (const cohort of [0, 17, 4242, 9999]) expect(seating({ cohort })).toEqual(seating({ cohort }));
  });

  it('a version the tab keeps (mid-purchase) wins while it is in the history', () => {
    const canaryCohort = cohorts.find((cohort) => seating({ cohort }).version === '2.1.0')!;
    expect(seating({ cohort: canaryCohort, pinned: { seating: '2.0.0' } }).version).toBe('2.0.0');
    const stableCohort = cohorts.find((cohort) => seating({ cohort }).version === '2.0.0')!;
    expect(seating({ cohort: stableCohort, pinned: { seating: '2.1.0' } })).toMatchObject({ version: '2.1.0', canary: true });
    expect(seating({ cohort: stableCohort, pinned: { seating: '9.9.9' } }).version).toBe('2.0.0');
  });

  it('a canary missing from the history or malformed is ignored', () => {
    for (const canary of [{ version: '3.0.0', percent: 50 }, { version: '2.1.0', percent: 'todos' }, 'sí']) {
      const raw = { remotes: { seating: { ...withCanary.remotes.seating, canary } } };
      expect(cohorts.slice(0, 200).every((cohort) => parseRegistry(raw, REGISTRY_URL, vi.fn(), { cohort })[0]!.version === '2.0.0')).toBe(true);
    }
  });
});

describe('overrides', () => {
  const allowed = { allowed: true, warn: () => undefined };

  it('by default (no allowRemoteOverrides) ignores the link, stores nothing and wipes stored overrides', () => {
    localStorage.setItem('taquilla:override:seating', 'http://attacker.test/mf-manifest.json');
    const warn = vi.fn();
    const result = readOverrides('?remote:catalog=http://attacker.test/mf-manifest.json&q=rock', localStorage, { allowed: false, warn });
    expect(result).toEqual({ overrides: {}, pending: {}, cleanedSearch: '?q=rock' });
    expect(localStorage.getItem('taquilla:override:catalog')).toBeNull();
    expect(localStorage.getItem('taquilla:override:seating')).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('when allowed, a link only proposes an override: nothing is stored until it is confirmed', () => {
    const warn = vi.fn();
    const { overrides, pending, cleanedSearch } = readOverrides(
      '?remote:catalog=http://localhost:3011/mf-manifest.json&q=rock&remote:nadie=http://x',
      localStorage,
      { allowed: true, warn },
    );
    expect(overrides).toEqual({});
    expect(pending).toEqual({ catalog: 'http://localhost:3011/mf-manifest.json' });
    expect(cleanedSearch).toBe('?q=rock');
    expect(localStorage.getItem('taquilla:override:catalog')).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    // Confirmed: the next page load keeps it without the parameter and without asking again.
    saveOverrides(pending, localStorage);
    expect(readOverrides('', localStorage, allowed)).toEqual({
      overrides: { catalog: 'http://localhost:3011/mf-manifest.json' },
      pending: {},
      cleanedSearch: '',
    });
    expect(readOverrides('?remote:catalog=http://localhost:3011/mf-manifest.json', localStorage, allowed).pending).toEqual({});
  });

  it('when allowed, reads a stored override, ignores an invalid one, and an empty parameter clears', () => {
    localStorage.setItem('taquilla:override:seating', 'http://localhost:3012/mf-manifest.json');
    localStorage.setItem('taquilla:override:auth', 'javascript:alert(1)');
    expect(readOverrides('', localStorage, allowed).overrides).toEqual({ seating: 'http://localhost:3012/mf-manifest.json' });
    expect(readOverrides('?remote:seating=', localStorage, allowed)).toEqual({ overrides: {}, pending: {}, cleanedSearch: '' });
  });

  it('clearOverrides removes every override key and nothing else', () => {
    localStorage.setItem('taquilla:override:catalog', 'http://a/');
    localStorage.setItem('token', 't');
    clearOverrides(localStorage);
    expect(localStorage.getItem('taquilla:override:catalog')).toBeNull();
    expect(localStorage.getItem('token')).toBe('t');
  });

  it('an override replaces the registry entry, or adds a remote the registry lacks', () => {
    const fromRegistry = parseRegistry(registry, REGISTRY_URL, vi.fn());
    const merged = applyOverrides(fromRegistry, {
      catalog: 'http://localhost:3011/mf-manifest.json',
      auth: 'http://localhost:3015/mf-manifest.json',
    });
    expect(merged.map((r) => [r.name, r.entry, r.source])).toEqual([
      ['catalog', 'http://localhost:3011/mf-manifest.json', 'override'],
      ['seating', 'https://cdn.test/seating/2.0.0/mf-manifest.json', 'registry'],
      ['auth', 'http://localhost:3015/mf-manifest.json', 'override'],
    ]);
  });
});

describe('loadRemotes', () => {
  const json = (body: unknown, status = 200) =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

  it('fetches the registry no-store and registers the remotes', async () => {
    const fetchSpy = vi.fn(() => json(registry));
    const register = vi.fn();
    const state = await loadRemotes(REGISTRY_URL, {}, { fetch: fetchSpy, register, warn: vi.fn() });
    expect(fetchSpy).toHaveBeenCalledWith(REGISTRY_URL, expect.objectContaining({ cache: 'no-store' }));
    expect(register).toHaveBeenCalledWith(
      [
        { name: 'catalog', entry: 'http://tienda.test/remotes/catalog/1.1.0/mf-manifest.json' },
        { name: 'seating', entry: 'https://cdn.test/seating/2.0.0/mf-manifest.json' },
      ],
      { force: true },
    );
    expect(state).toMatchObject({ status: 'ready', message: null });
    expect(store.get(remotesAtom).remotes).toHaveLength(2);
  });

  it.each([
    ['a 404', () => json({ message: 'no' }, 404)],
    ['malformed JSON', () => Promise.resolve(new Response('{ roto', { status: 200 }))],
    ['a wrong shape', () => json({ versions: [] })],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('survives %s: a clear Spanish message, overrides still registered', async (_label, answer) => {
    const register = vi.fn();
    const state = await loadRemotes(REGISTRY_URL, { auth: 'http://localhost:3015/mf-manifest.json' }, { fetch: vi.fn(answer), register, warn: vi.fn() });
    expect(state.status).toBe('error');
    expect(state.message).toMatch(/^No pudimos cargar el catálogo de módulos del sitio/);
    expect(register).toHaveBeenCalledWith([{ name: 'auth', entry: 'http://localhost:3015/mf-manifest.json' }], {
      force: true,
    });
  });
});
