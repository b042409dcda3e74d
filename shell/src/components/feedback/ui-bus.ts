import { appAtom, bus, store, type BusEvents } from '@taquilla/shared';

/** bus 'ui:loader' → app state loaderStatus. Returns a function that unwires it. */
export function installUiBus(): () => void {
  const onLoader = ({ on }: BusEvents['ui:loader']) =>
    store.set(appAtom, (state) => ({ ...state, loaderStatus: on }));
  bus.on('ui:loader', onLoader);
  return () => bus.off('ui:loader', onLoader);
}
