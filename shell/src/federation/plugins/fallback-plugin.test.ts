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

describe('fallback runtime plugin', () => {
  const plugin = fallbackPlugin();
  const quiet = console.error;

  it("answers with a marked stand-in module only at lifecycle 'onLoad'", () => {
    console.error = () => undefined;
    const result = plugin.errorLoadRemote!(args('onLoad'));
    console.error = quiet;
    expect(isFallbackModule(result)).toBe(true);
    expect(result).toMatchObject({ id: 'catalog/EventList' });
  });

  it.each(['beforeRequest', 'afterResolve', 'beforeLoadShare'] as const)('stays out of %s', (lifecycle) => {
    expect(plugin.errorLoadRemote!(args(lifecycle))).toBeUndefined();
  });
});
