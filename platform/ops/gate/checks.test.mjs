import { describe, expect, it } from 'vitest';
import { checkBus, checkShared, checkSlots } from './checks.mjs';

// The gate's rules on declarations written by hand (gate.test.mjs runs them on real builds).
const contractV2 = {
  version: 2,
  events: {
    'seating:selection-changed': { producers: ['seating'], listeners: ['checkout'], mustBeHeard: true },
    'ui:toast': { producers: ['shell', 'seating'], listeners: ['shell'], mustBeHeard: true },
  },
};
const contractV3 = {
  version: 3,
  events: { ...contractV2.events, 'seating:zoom-changed': { producers: ['seating'], listeners: ['checkout'], mustBeHeard: false } },
};
const declaration = (bus, emits, listens, slots = {}) => ({ bus: { contractVersion: bus.version, contract: bus, emits, listens }, slots });
const shell = {
  name: 'shell',
  version: '1.0.0',
  contract: { ...declaration(contractV2, ['ui:toast'], ['ui:toast']), provides: { react: '19.3.1', '@taquilla/shared': '0.1.0' } },
};
const checkout = (bus) => ({ name: 'checkout', version: '1.0.0', contract: declaration(bus, [], ['seating:selection-changed']) });

describe('checkBus', () => {
  it('a new event needs its listeners released first with the new contract; the shell, no party to it, is never asked', () => {
    const seating = declaration(contractV3, ['seating:selection-changed', 'seating:zoom-changed'], []);
    const refused = checkBus({ remote: 'seating', version: '2.0.0', contract: seating, before: null, live: [shell, checkout(contractV2)] });
    expect(refused).toEqual([
      expect.stringMatching(
        /^seating 2\.0\.0 emite "seating:zoom-changed", que no está en el contrato del bus con el que se compiló checkout 1\.0\.0 \(contrato v2\), que toma parte en él: publica antes checkout/,
      ),
    ]);
    expect(checkBus({ remote: 'seating', version: '2.0.0', contract: seating, before: null, live: [shell, checkout(contractV3)] })).toEqual([]);
  });

  it('a live listener that was heard before and would not be after is a refusal; one no longer needed by anyone is not', () => {
    const before = declaration(contractV2, ['seating:selection-changed', 'ui:toast'], []);
    const quiet = declaration(contractV2, ['ui:toast'], []);
    expect(checkBus({ remote: 'seating', version: '2.0.0', contract: quiet, before, live: [shell, checkout(contractV2)] })).toEqual([
      expect.stringMatching(/^checkout escucha "seating:selection-changed", que emitía seating/),
    ]);
    // ui:toast: seating stops sending toasts, the shell still does.
    const noToasts = declaration(contractV2, ['seating:selection-changed'], []);
    expect(checkBus({ remote: 'seating', version: '2.0.0', contract: noToasts, before, live: [shell, checkout(contractV2)] })).toEqual([]);
  });
});

describe('checkShared and checkSlots', () => {
  const manifest = (required, exposes = ['VenueMap']) => ({
    shared: [
      { name: 'react/jsx-runtime', requiredVersion: '^19.3.1' },
      { name: '@taquilla/shared', requiredVersion: required },
    ],
    exposes: exposes.map((name) => ({ name })),
  });
  const shellContract = { ...shell.contract, slots: { seating: { VenueMap: { eventoId: 'string' }, EventDetail: {} } } };

  it('a subpath singleton counts as its package; an unsatisfiable pin is refused', () => {
    expect(checkShared({ remote: 'seating', version: '2.0.0', manifest: manifest('0.1.0'), shell: shellContract })).toEqual([]);
    expect(checkShared({ remote: 'seating', version: '2.0.0', manifest: manifest('0.2.0'), shell: shellContract })).toHaveLength(1);
  });

  it('an optional prop may be left out; a new required one, a missing module or another type may not', () => {
    const m = manifest('0.1.0', ['VenueMap', 'EventDetail']);
    const fits = declaration(contractV2, [], [], { VenueMap: { eventoId: 'string', zoom: 'number?' }, EventDetail: {} });
    expect(checkSlots({ remote: 'seating', version: '2.0.0', manifest: m, contract: fits, shell: shellContract })).toEqual([]);
    const typed = declaration(contractV2, [], [], { VenueMap: { eventoId: 'number' }, EventDetail: {} });
    expect(checkSlots({ remote: 'seating', version: '2.0.0', manifest: m, contract: typed, shell: shellContract })[0]).toMatch(
      /"eventoId" es string en el shell y number en la nueva versión/,
    );
    expect(checkSlots({ remote: 'seating', version: '2.0.0', manifest: manifest('0.1.0'), contract: fits, shell: shellContract })[0]).toMatch(
      /ya no expone "EventDetail"/,
    );
  });
});
