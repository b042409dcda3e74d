import { describe, expect, it } from 'vitest';
import type { ModuleFederation, ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { onCallPlugin, type RemoteFailure } from './on-call-plugin';

type OnLoadArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['onLoad']>>[0];
type ErrorArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['errorLoadRemote']>>[0];

describe('on-call plugin', () => {
  it('records what loaded and what failed, keeping the newest, and changes no answer', () => {
    const log = { loaded: [] as string[], failures: [] as RemoteFailure[] };
    const plugin = onCallPlugin(log, 2);
    for (const id of ['catalog/EventList', 'seating/EventDetail', 'checkout/GeneralPurchase']) plugin.onLoad!({ id } as OnLoadArgs);
    const answer = plugin.errorLoadRemote!({
      id: 'auth/AuthRoutes',
      lifecycle: 'onLoad',
      error: new Error('404'),
      from: 'runtime',
      origin: {} as ModuleFederation,
    } as ErrorArgs);
    expect(answer).toBeUndefined();
    expect(log.loaded).toEqual(['seating/EventDetail', 'checkout/GeneralPurchase']);
    expect(log.failures).toEqual([{ id: 'auth/AuthRoutes', lifecycle: 'onLoad', message: '404', at: expect.any(String) }]);
  });
});
