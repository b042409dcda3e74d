import { describe, expect, it } from 'vitest';
import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import { fallbackPlugin, isFallbackModule } from './fallback-plugin';

type ErrorArgs = Parameters<NonNullable<ReturnType<typeof fallbackPlugin>['errorLoadRemote']>>[0];
const args = (lifecycle: ErrorArgs['lifecycle']): ErrorArgs => ({
  id: 'catalog/EventList',
  error: new Error('manifest 404'),
  from: 'runtime',
  lifecycle,
  origin: {} as ModuleFederation,
});

describe('fallback plugin', () => {
  const plugin = fallbackPlugin();

  it("answers with a marked stand-in module at lifecycle 'onLoad'", () => {
    const result = plugin.errorLoadRemote!(args('onLoad'));
    expect(isFallbackModule(result)).toBe(true);
    expect(result).toMatchObject({ id: 'catalog/EventList', error: expect.objectContaining({ message: 'manifest 404' }) });
  });

  // At 'afterResolve' the runtime would take the answer for the manifest itself.
  it.each(['beforeRequest', 'afterResolve', 'beforeLoadShare'] as const)('stays out of %s', (lifecycle) => {
    expect(plugin.errorLoadRemote!(args(lifecycle))).toBeUndefined();
  });

  it('tells a stand-in from a real module', () => {
    expect(isFallbackModule({ default: () => null })).toBe(false);
    expect(isFallbackModule(null)).toBe(false);
  });
});
