import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export interface RemoteFailure {
  id: string;
  /** Where the runtime was when it gave up (afterResolve = the manifest, onLoad = the module). */
  lifecycle: string;
  message: string;
  at: string;
}

/**
 * What the engineer on call reads in the console (window.__TAQUILLA_FEDERATION__, host.ts):
 * every module loaded and every load that failed, newest last. It only watches.
 */
export function onCallPlugin(log: { loaded: string[]; failures: RemoteFailure[] }, max = 50): ModuleFederationRuntimePlugin {
  const keep = <T>(list: T[], item: T) => {
    list.push(item);
    if (list.length > max) list.shift();
  };
  return {
    name: 'taquilla-on-call',
    onLoad(args) {
      keep(log.loaded, args.id);
    },
    errorLoadRemote({ id, lifecycle, error }) {
      keep(log.failures, {
        id,
        lifecycle,
        message: error instanceof Error ? error.message : String(error),
        at: new Date().toISOString(),
      });
      return undefined;
    },
  };
}
