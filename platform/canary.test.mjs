import { describe, expect, it } from 'vitest';
import { COHORT_KEY, COHORTS, browserCohort, inCanary, readCanary } from './canary.mjs';

const everyCohort = Array.from({ length: COHORTS }, (_, i) => i);
const share = (remote, canary) => everyCohort.filter((c) => inCanary(c, remote, canary)).length / COHORTS;

function memoryStorage() {
  const items = new Map();
  return { getItem: (k) => (items.has(k) ? items.get(k) : null), setItem: (k, v) => items.set(k, String(v)), items };
}

describe('which browsers get a canary', () => {
  it('takes exactly the percentage of cohorts, for any remote and version', () => {
    for (const [remote, version, percent] of [
      ['seating', '1.0.1', 10],
      ['catalog', '2.3.0-beta.1', 25],
      ['auth', '9.9.9', 0.5],
      ['checkout', '1.0.0', 99],
    ]) {
      expect(share(remote, { version, percent })).toBeCloseTo(percent / 100, 10);
    }
  });

  it('raising the percentage only adds browsers; lowering it never adds one', () => {
    const canary = (percent) => ({ version: '1.0.1', percent });
    for (const cohort of everyCohort) {
      if (inCanary(cohort, 'seating', canary(10))) expect(inCanary(cohort, 'seating', canary(50))).toBe(true);
      if (!inCanary(cohort, 'seating', canary(10))) expect(inCanary(cohort, 'seating', canary(5))).toBe(false);
    }
  });

  it('another version or remote picks another slice of browsers', () => {
    const a = everyCohort.filter((c) => inCanary(c, 'seating', { version: '1.0.1', percent: 10 }));
    const b = everyCohort.filter((c) => inCanary(c, 'seating', { version: '1.0.2', percent: 10 }));
    const overlap = a.filter((c) => b.includes(c)).length;
    expect(overlap).toBeLessThan(a.length);
  });

  it('no canary, a malformed one or a cohort out of range: nobody', () => {
    expect(share('seating', null)).toBe(0);
    expect(inCanary(5, 'seating', { version: '1.0.1', percent: 100 })).toBe(false);
    expect(inCanary(-1, 'seating', { version: '1.0.1', percent: 50 })).toBe(false);
    expect(inCanary(1.5, 'seating', { version: '1.0.1', percent: 50 })).toBe(false);
  });

  it('reads the registry entry’s canary, or null for anything malformed', () => {
    expect(readCanary({ current: '1.0.0', canary: { version: '1.0.1', percent: 10, startedAt: 'x' } })).toEqual({
      version: '1.0.1',
      percent: 10,
      startedAt: 'x',
    });
    for (const canary of [
      undefined,
      null,
      'x',
      { version: '', percent: 10 },
      { version: '1', percent: '10' },
      { version: '1', percent: 0 },
      { version: '1', percent: 150 },
    ]) {
      expect(readCanary({ current: '1.0.0', canary })).toBeNull();
    }
  });
});

describe('the browser’s cohort', () => {
  it('is drawn once and kept (sticky), and a kept value out of range is drawn again', () => {
    const storage = memoryStorage();
    const first = browserCohort(storage);
    expect(Number.isInteger(first) && first >= 0 && first < COHORTS).toBe(true);
    expect(storage.items.get(COHORT_KEY)).toBe(String(first));
    for (let i = 0; i < 5; i += 1) expect(browserCohort(storage)).toBe(first);
    storage.setItem(COHORT_KEY, '123456');
    const redrawn = browserCohort(storage);
    expect(redrawn).toBeLessThan(COHORTS);
    expect(storage.items.get(COHORT_KEY)).toBe(String(redrawn));
  });

  it('storage that throws still gives a cohort (not sticky)', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    const cohort = browserCohort(broken);
    expect(cohort >= 0 && cohort < COHORTS).toBe(true);
  });

  it('1,000 browsers with their own random cohorts: a 10 % canary reaches 10 % ± 3 points', () => {
    const reached = Array.from({ length: 1000 }, () => browserCohort(memoryStorage())).filter((c) =>
      inCanary(c, 'seating', { version: '1.0.1', percent: 10 }),
    ).length;
    // 3 points is over three standard deviations (0.95 points) of a 1,000-browser sample.
    expect(Math.abs(reached / 10 - 10)).toBeLessThanOrEqual(3);
  });
});
